/**
 * The examples of the document's answers: real answers of a perpkit sandbox with a pinned
 * clock, kept in `packages/schemas/openapi-examples.json`. That file is written by
 * `@perpkit/openapi-tools` (which runs the sandbox: this package knows nothing of it), and
 * read here: every response of the document gets its examples from it, by path, status and
 * media type (shared error responses by their component name). A response without an example,
 * or an example for a response the document does not have, stops the generator.
 *
 * @module
 */
import { readFileSync } from 'node:fs'
import type { JsonSchema } from './json-schema.ts'

/** Examples by name, for one media type of one response. */
export type NamedExamples = Record<string, unknown>

/** Examples by media type. */
type ByMediaType = Record<string, NamedExamples>

/** The examples file: per path and status, and per shared response. */
export interface OpenApiExamples {
  /** How the examples were made (the sandbox's options, its pinned clock). */
  about: string
  /** Per path, per HTTP status, per media type. */
  paths: Record<string, Record<string, ByMediaType>>
  /** Per `components.responses` name, per media type. */
  responses: Record<string, ByMediaType>
}

/** Where the examples file is (`@perpkit/openapi-tools` writes it). */
export const EXAMPLES_FILE = new URL('../../openapi-examples.json', import.meta.url)

/**
 * Reads the examples file.
 *
 * @returns The examples.
 */
export function readExamples(): OpenApiExamples {
  return JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as OpenApiExamples
}

const REGENERATE = 'run `pnpm --filter @perpkit/openapi-tools examples` and commit the result'

/** Gives each media type of `response` its examples from `examples`, or throws naming it. */
function attach(response: JsonSchema, examples: ByMediaType | undefined, where: string): void {
  const content = response.content as Record<string, JsonSchema> | undefined
  for (const [type, media] of Object.entries(content ?? {})) {
    const named = examples?.[type]
    if (named === undefined || Object.keys(named).length === 0) {
      throw new Error(`openapi: no example for ${where} ${type}; ${REGENERATE}`)
    }
    media.examples = Object.fromEntries(
      Object.entries(named).map(([name, value]) => [name, { value }]),
    )
  }
  const extra = Object.keys(examples ?? {}).filter((type) => content?.[type] === undefined)
  if (extra.length > 0) {
    throw new Error(`openapi: examples for ${where} ${extra.join(', ')}, which it does not send`)
  }
}

/**
 * Puts the examples on every response of a document (in place): path responses by path and
 * status, shared responses (`components.responses`) by name; references are left alone.
 *
 * @param document - The document, its responses without examples.
 * @param examples - The examples.
 * @throws when a response has no example, or an example has no response.
 */
export function attachExamples(document: JsonSchema, examples: OpenApiExamples): void {
  const paths = document.paths as Record<string, Record<string, JsonSchema>>
  const stray = new Set(Object.keys(examples.paths))
  for (const [path, operations] of Object.entries(paths)) {
    stray.delete(path)
    for (const [method, operation] of Object.entries(operations)) {
      const responses = operation.responses as Record<string, JsonSchema>
      const byStatus = examples.paths[path] ?? {}
      for (const [status, response] of Object.entries(responses)) {
        if (response.$ref === undefined) {
          attach(response, byStatus[status], `${method.toUpperCase()} ${path} ${status}`)
        }
      }
      const unknown = Object.keys(byStatus).filter(
        (status) => responses[status]?.$ref !== undefined || responses[status] === undefined,
      )
      if (unknown.length > 0) {
        throw new Error(
          `openapi: examples for ${path} ${unknown.join(', ')}, which it does not answer inline`,
        )
      }
    }
  }
  if (stray.size > 0)
    throw new Error(`openapi: examples for unknown paths ${[...stray].join(', ')}`)
  const shared = (document.components as { responses: Record<string, JsonSchema> }).responses
  for (const [name, response] of Object.entries(shared)) {
    attach(response, examples.responses[name], `the ${name} response`)
  }
  const unused = Object.keys(examples.responses).filter((name) => shared[name] === undefined)
  if (unused.length > 0)
    throw new Error(`openapi: examples for unknown responses ${unused.join(', ')}`)
}
