/**
 * Writing responses: the success envelope, error bodies, and the gateway's
 * not-found body (which says `msg`, not `message`). Every body is JSON with
 * a fresh trace, sent with a content length on a keep-alive connection.
 *
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { apiErrorCodes, SUCCESS_CODE } from '@perpkit/schemas'
import type { ApiError } from './api-error.ts'

/** Extra response headers (rate-limit headers, `Allow`, ...). */
export type ExtraHeaders = Record<string, string>

/** A fresh trace identifier, as every response carries one. */
export function newTrace(): string {
  return randomUUID()
}

/** Writes a complete JSON response. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  headers: ExtraHeaders = {},
): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
}

/** A payload already written as JSON text (for the large, hot payloads). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The success envelope's text: `{"code":1000,"message":"Ok","trace":"...","data":...}`. */
export function successBody(data: unknown): string {
  const json = data instanceof RawJson ? data.text : JSON.stringify(data)
  return `{"code":${SUCCESS_CODE},"message":"Ok","trace":"${newTrace()}","data":${json}}`
}

/** Writes the success envelope around `data`, HTTP 200. */
export function sendSuccess(res: ServerResponse, data: unknown, headers?: ExtraHeaders): void {
  sendJson(res, 200, successBody(data), headers)
}

/** Writes an error body `{ code, message, trace, data: null }` with the error's HTTP status. */
export function sendError(res: ServerResponse, error: ApiError, headers?: ExtraHeaders): void {
  const body = { code: error.code, message: error.message, trace: newTrace(), data: null }
  sendJson(res, error.httpStatus, JSON.stringify(body), headers)
}

/** Writes the gateway's not-found answer: HTTP 404, `{"code":30000,"msg":"Not found","trace":...}`. */
export function sendNotFound(res: ServerResponse): void {
  const body = { code: apiErrorCodes.NOT_FOUND, msg: 'Not found', trace: newTrace() }
  sendJson(res, 404, JSON.stringify(body))
}

/**
 * Writes the gateway's answer to a method other than GET on a known path:
 * HTTP 405 with `Allow: GET`, `{"code":30000,"msg":"Method not allowed","trace":...}`.
 */
export function sendMethodNotAllowed(
  res: ServerResponse,
  allow: string,
  headers: ExtraHeaders = {},
): void {
  const body = { code: apiErrorCodes.NOT_FOUND, msg: 'Method not allowed', trace: newTrace() }
  sendJson(res, 405, JSON.stringify(body), { ...headers, allow })
}
