/**
 * Checks answers against the OpenAPI document `@perpkit/schemas` ships: the answer's status
 * must be documented for its path, its content type too, and a JSON body must validate against
 * the documented schema (Ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Reply } from './helpers.ts'

/** The document, as the schemas package ships it. */
export const openApiText = readFileSync(
  createRequire(import.meta.url).resolve('@perpkit/schemas/openapi.json'),
  'utf8',
)

type Json = Record<string, unknown>
const document = JSON.parse(openApiText) as Json

// Not strict: the document carries OpenAPI keywords (paths, x-rate-limit) that are no JSON Schema.
const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema(document, 'openapi')

/** A JSON pointer token. */
function token(text: string): string {
  return text.replaceAll('~', '~0').replaceAll('/', '~1')
}

/** Follows a `$ref` inside the document; returns the object and its pointer. */
function resolve(value: Json, pointer: string): { value: Json; pointer: string } {
  const target = value.$ref
  if (typeof target !== 'string') return { value, pointer }
  const found = target
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (at, key) => (at as Json)[key.replaceAll('~1', '/').replaceAll('~0', '~')],
      document,
    )
  return { value: found as Json, pointer: target.slice(1) }
}

/** The documented response of `path` for `status`, with its pointer. */
function documentedResponse(
  path: string,
  status: number,
): { value: Json; pointer: string } | undefined {
  const paths = document.paths as Record<string, { get: { responses: Record<string, Json> } }>
  const response = paths[path]?.get.responses[String(status)]
  if (response === undefined) return undefined
  return resolve(response, `/paths/${token(path)}/get/responses/${status}`)
}

/**
 * What is wrong with an answer of `path` per the document: an empty list when it matches.
 *
 * @param path - The endpoint path the request went to.
 * @param reply - The answer.
 */
export function openApiMismatches(path: string, reply: Reply): string[] {
  const response = documentedResponse(path, reply.status)
  if (response === undefined) return [`status ${reply.status} is not documented for ${path}`]
  const type = (reply.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
  const content = response.value.content as Record<string, Json> | undefined
  if (content?.[type] === undefined)
    return [`${type} is not documented for ${path} ${reply.status}`]
  if (type !== 'application/json') return []
  const schemaPointer = `openapi#${response.pointer}/content/${token(type)}/schema`
  const validate = ajv.getSchema(schemaPointer)
  if (validate === undefined) return [`no schema at ${schemaPointer}`]
  if (validate(JSON.parse(reply.text))) return []
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  )
}

/** The response headers the document names for `path` and `status` (lower case). */
export function documentedHeaders(path: string, status: number): string[] {
  const headers = documentedResponse(path, status)?.value.headers as Json | undefined
  return Object.keys(headers ?? {}).map((name) => name.toLowerCase())
}

/** The prefix of the rate-limit headers the document names (`X` in `X-RateLimit-Limit`). */
export function documentedRateLimitPrefix(): string {
  const headers = documentedResponse('/contract/public/depth', 200)?.value.headers as
    | Json
    | undefined
  const limit = Object.keys(headers ?? {}).find((name) => name.endsWith('-RateLimit-Limit'))
  if (limit === undefined) throw new Error('the document names no rate-limit headers')
  return limit.slice(0, -'-RateLimit-Limit'.length)
}
