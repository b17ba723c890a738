/**
 * Writing responses: the success envelope and error bodies in the layout
 * live deployments use for each kind of error (see {@link WireErrorLayout}).
 * Every body is JSON with a fresh trace, sent with a content length on a
 * keep-alive connection, compressed when the request asks for it.
 *
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { SUCCESS_CODE } from '@perpkit/schemas'
import { shuffledKeys } from '../market/key-order.ts'
import { compress, MIN_COMPRESSED_BYTES, negotiateCoding } from './compression.ts'
import { notFound, WireError, type WireErrorLayout } from './wire-error.ts'

/** Extra response headers (rate-limit headers, `Allow`, ...). */
export type ExtraHeaders = Record<string, string>

/** A fresh trace identifier, as every response carries one. */
export function newTrace(): string {
  return randomUUID()
}

/**
 * A body to send: text (small bodies: Node writes it with the headers in one
 * piece), or buffers (large cached payloads, written as they are, never copied).
 */
export type Body = string | readonly Buffer[]

/** Responses whose answer is on its way (compression is asynchronous): never answer twice. */
const answered = new WeakSet<ServerResponse>()

function byteLength(body: Body): number {
  if (typeof body === 'string') return Buffer.byteLength(body)
  let length = 0
  for (const chunk of body) length += chunk.length
  return length
}

/** Writes status, headers and the body in one go (a large body's chunks corked into one writev). */
function write(res: ServerResponse, status: number, headers: ExtraHeaders, body: Body): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': byteLength(body),
  })
  if (res.req.method === 'HEAD') {
    res.end()
    return
  }
  if (typeof body === 'string') {
    res.end(body)
    return
  }
  res.cork()
  for (const chunk of body) res.write(chunk)
  res.end()
  res.uncork()
}

/**
 * Writes a complete JSON response, gzip- or deflate-compressed when the
 * request's `Accept-Encoding` asks and the body is large enough.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: Body,
  headers: ExtraHeaders = {},
): void {
  if (res.headersSent || res.destroyed || answered.has(res)) return
  answered.add(res)
  if (byteLength(body) < MIN_COMPRESSED_BYTES) {
    write(res, status, headers, body)
    return
  }
  const vary = res.getHeader('vary')
  const varied = {
    ...headers,
    vary: vary === undefined ? 'Accept-Encoding' : `${vary}, Accept-Encoding`,
  }
  const coding = negotiateCoding(res.req.headers['accept-encoding'])
  if (coding === undefined) {
    write(res, status, varied, body)
    return
  }
  const whole = typeof body === 'string' ? Buffer.from(body) : Buffer.concat(body)
  compress(whole, coding).then(
    (compressed) => write(res, status, { ...varied, 'content-encoding': coding }, [compressed]),
    () => write(res, status, varied, [whole]),
  )
}

/** A payload already written as JSON text (for the large, hot payloads). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** How a success is written besides its data. */
export interface SuccessOptions {
  /** Extra response headers (rate-limit headers, ...). */
  headers?: ExtraHeaders
  /** `'Ok'`, or `'OK'` as some live responses say. @default `'Ok'` */
  message?: string
  /** With quirks: the key that orders the envelope's keys (see `shuffledKeys`); fixed order without. */
  orderKey?: number | undefined
}

const ENVELOPE_KEYS = ['code', 'message', 'trace', 'data'] as const

/**
 * The success envelope around its data: the text before `data`'s value and
 * the text after it, `{"code":1000,"message":"Ok","trace":"...","data":` and
 * `}` in the fixed order, its keys in the order `orderKey` draws with quirks.
 */
function envelopeAround(options: SuccessOptions): [string, string] {
  const message = options.message ?? 'Ok'
  const trace = newTrace()
  if (options.orderKey === undefined) {
    return [`{"code":${SUCCESS_CODE},"message":"${message}","trace":"${trace}","data":`, '}']
  }
  const values: Record<string, string> = {
    code: String(SUCCESS_CODE),
    message: `"${message}"`,
    trace: `"${trace}"`,
  }
  const order = shuffledKeys(ENVELOPE_KEYS, options.orderKey)
  const at = order.indexOf('data')
  const field = (key: string) => `"${key}":${values[key]}`
  const before = order.slice(0, at).map((key) => `${field(key)},`)
  const after = order.slice(at + 1).map((key) => `,${field(key)}`)
  return [`{${before.join('')}"data":`, `${after.join('')}}`]
}

/**
 * Writes the success envelope around a payload already serialized: JSON text,
 * or buffers of JSON (a large cached payload, sent without a copy). HTTP 200.
 */
export function sendSuccessPayload(
  res: ServerResponse,
  payload: string | readonly Buffer[],
  options: SuccessOptions = {},
): void {
  const [before, after] = envelopeAround(options)
  const body =
    typeof payload === 'string'
      ? before + payload + after
      : [Buffer.from(before), ...payload, Buffer.from(after)]
  sendJson(res, 200, body, options.headers)
}

/** Writes the success envelope around `data`, HTTP 200. */
export function sendSuccess(
  res: ServerResponse,
  data: unknown,
  options: SuccessOptions = {},
): void {
  sendSuccessPayload(res, data instanceof RawJson ? data.text : JSON.stringify(data), options)
}

/** The body of an error in its live layout, keys in the order live servers send them. */
function errorBody(layout: WireErrorLayout, code: number, message: string): object {
  const trace = newTrace()
  switch (layout) {
    case 'envelope':
      return { code, message, trace, data: null }
    case 'auth':
      return { trace, code, data: {}, message }
    case 'contract':
      return { code, message, trace }
    case 'gateway':
      return { trace, msg: message, code }
  }
}

/** Writes an error in its layout (see {@link WireErrorLayout}) with its HTTP status. */
export function sendError(res: ServerResponse, error: WireError, headers?: ExtraHeaders): void {
  const body = errorBody(error.layout, error.code, error.message)
  sendJson(res, error.httpStatus, JSON.stringify(body), headers)
}

/** Writes the gateway's not-found answer: HTTP 404, `{"trace":...,"msg":"Not found","code":30000}`. */
export function sendNotFound(res: ServerResponse, headers?: ExtraHeaders): void {
  sendError(res, notFound(), headers)
}

/**
 * Writes the gateway's answer to a method the path does not take: HTTP 405
 * with `Allow`, `{"trace":...,"msg":"Method not allowed","code":30000}`.
 */
export function sendMethodNotAllowed(
  res: ServerResponse,
  allow: string,
  headers: ExtraHeaders = {},
): void {
  const error = new WireError(405, notFound().code, 'Method not allowed', 'gateway')
  sendError(res, error, { ...headers, allow })
}
