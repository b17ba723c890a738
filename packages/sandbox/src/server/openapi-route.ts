/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the wire that `@perpkit/schemas` ships
 * (generated from the same endpoint table the sandbox serves), so tools such as Postman,
 * Redoc or openapi-fetch can start from a running sandbox. Never rate-limited, signed or
 * faulted; CORS as every answer.
 *
 * @module
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { sendJson, sendMethodNotAllowed } from '../wire/respond.ts'

/** Path of the document. */
const OPENAPI_PATH = '/openapi.json'

let documentText: string | undefined

/** The document's text, read once from the installed `@perpkit/schemas`. */
function openApiText(): string {
  documentText ??= readFileSync(
    createRequire(import.meta.url).resolve('@perpkit/schemas/openapi.json'),
    'utf8',
  )
  return documentText
}

/** Serves the document, or returns `false` when `path` is not its path. */
export function serveOpenApi(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path !== OPENAPI_PATH) return false
  if (req.method !== 'GET' && req.method !== 'HEAD') sendMethodNotAllowed(res, 'GET, HEAD')
  else sendJson(res, 200, openApiText())
  return true
}
