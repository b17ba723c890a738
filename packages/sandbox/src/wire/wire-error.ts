/**
 * An error answer on the wire: HTTP status, API code, message and the body
 * layout live deployments use for that kind of error. Thrown anywhere in a
 * request's handling and written by the request handler. (Named apart from
 * the client's `ApiError`, which is what a client turns such an answer into.)
 *
 * @module
 */
import { apiErrorCodes } from '@perpkit/schemas'

/**
 * How live deployments lay out each kind of error body (field notes, "Live
 * error bodies, formats and routes"):
 *
 * - `'envelope'`: `{code, message, trace, data: null}` (rate limits, unavailability, maintenance).
 * - `'auth'`: `{trace, code, data: {}, message}` (signed-mode failures, HTTP 401).
 * - `'contract'`: `{code, message, trace}`, no `data` key (bad symbol, step, times, limit).
 * - `'gateway'`: `{trace, msg, code}`, `msg` instead of `message` and no `data`
 *   (unknown path, wrong method, the deprecated V1 API).
 */
export type WireErrorLayout = 'envelope' | 'auth' | 'contract' | 'gateway'

/** An answer with a non-success code. */
export class WireError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly layout: WireErrorLayout = 'envelope',
  ) {
    super(message)
    this.name = 'WireError'
  }
}

/**
 * Code of an unexpected failure inside the sandbox itself (HTTP 500), and of
 * the invented `server-error` fault. Live deployments publish no code for
 * this; the sandbox uses 50000.
 */
export const INTERNAL_ERROR_CODE = 50000

/** Live message texts of the contract errors. */
export const liveMessages = {
  unknownSymbol: 'Symbol Not Exist',
  invalidStep: 'Invalid K-Line Step',
  v1Deprecated: 'Futures V1 API has been deprecated. Please use the V2 API',
} as const

/**
 * The symbol is missing, not listed or delisted: 40034 "Symbol Not Exist";
 * on details (`code` 40012) the message names the symbol.
 */
export function unknownSymbol(
  symbol: string,
  code: number = apiErrorCodes.UNKNOWN_SYMBOL,
): WireError {
  const message =
    code === apiErrorCodes.UNKNOWN_SYMBOL
      ? liveMessages.unknownSymbol
      : `Contract not found: ${JSON.stringify(symbol)}`
  return new WireError(400, code, message, 'contract')
}

/** The gateway's answer to an unknown path: HTTP 404, `{"trace","msg":"Not found","code":30000}`. */
export function notFound(): WireError {
  return new WireError(404, apiErrorCodes.NOT_FOUND, 'Not found', 'gateway')
}

/** Over the budget: HTTP 429, code 30013. */
export function tooManyRequests(): WireError {
  return new WireError(429, apiErrorCodes.TOO_MANY_REQUESTS, 'Too many requests')
}

/** Still sending after 429s: HTTP 418, code 30017, for the rest of the window. */
export function blocked(): WireError {
  const message = 'Blocked after repeated 429 responses: wait for the window to reset'
  return new WireError(418, apiErrorCodes.BLOCKED, message)
}
