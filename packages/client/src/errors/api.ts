/**
 * Errors the service answered with: a JSON envelope whose `code` is not 1000.
 *
 * @module
 */
import { apiErrorCodes, isRetryableCode } from '@perpkit/schemas/lite'
import type { RateLimitInfo } from '../rate-limit-headers.ts'
import { PerpkitError } from './base.ts'

/**
 * What the service said, and about which request.
 *
 * @example
 * ```ts
 * const fields: ApiErrorFields = {
 *   code: 40034,
 *   message: 'Unknown symbol',
 *   trace: null,
 *   httpStatus: 400,
 *   endpoint: 'GET /contract/public/depth',
 * }
 * const error = createApiError(fields)
 * ```
 */
export interface ApiErrorFields {
  /** The envelope's `code` (never 1000 here). */
  code: number
  /** The envelope's `message` (or `msg`). */
  message: string
  /** The envelope's `trace`, for support requests. */
  trace: string | null
  /** The HTTP status (errors can arrive with 200). */
  httpStatus: number
  /** `GET /contract/public/depth`. */
  endpoint: string
  /** Rate-limit headers of the response, when it had them. */
  rateLimit?: RateLimitInfo | null
  /**
   * How long the server asked to wait (Retry-After or the rate-limit window),
   * in ms, as it asked it: the client bounds its own waits, not this value.
   */
  retryAfterMs?: number | null
}

/**
 * The service refused the request: `code !== 1000`, whatever the HTTP status.
 * Subclasses say why; `retryable` says whether waiting helps.
 *
 * @example
 * ```ts
 * try {
 *   await client.getDepth({ symbol: 'NOPE' })
 * } catch (error) {
 *   if (error instanceof ApiError) console.error(error.code, error.trace)
 * }
 * ```
 */
export class ApiError extends PerpkitError {
  override name = 'ApiError'
  readonly code: number
  /** The service's own message text. */
  readonly apiMessage: string
  readonly trace: string | null
  readonly httpStatus: number
  override readonly endpoint: string
  readonly rateLimit: RateLimitInfo | null
  readonly retryAfterMs: number | null

  constructor(fields: ApiErrorFields, shortMessage = 'The service refused the request') {
    super(shortMessage, {
      endpoint: fields.endpoint,
      details: {
        Message: fields.message === '' ? undefined : JSON.stringify(fields.message),
        Status: fields.httpStatus,
        Code: fields.code,
        Trace: fields.trace,
      },
      retryable:
        isRetryableCode(fields.code) || fields.httpStatus >= 500 || fields.httpStatus === 408,
    })
    this.code = fields.code
    this.apiMessage = fields.message
    this.trace = fields.trace
    this.httpStatus = fields.httpStatus
    this.endpoint = fields.endpoint
    this.rateLimit = fields.rateLimit ?? null
    this.retryAfterMs = fields.retryAfterMs ?? null
  }
}

/**
 * Too many requests (HTTP 429, code 30013), or blocked after repeated 429s
 * (HTTP 418, code 30017: not retryable, back off for a while).
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) {
 *   // What the server asked, as it asked it: bound it before waiting on it.
 *   const wait = Math.min(error.retryAfterMs ?? 2000, 60_000)
 *   await new Promise((resolve) => setTimeout(resolve, wait))
 * }
 * ```
 */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError'
}

/**
 * Missing, unknown or wrong API key, signature or timestamp (codes 30001-30008, HTTP 401).
 * Check the memo (not an account id), the clock, and the GET body rule.
 *
 * @example
 * ```ts
 * if (error instanceof AuthError && error.code === 30007) console.error('clock skew')
 * ```
 */
export class AuthError extends ApiError {
  override name = 'AuthError'
}

/**
 * The service refused the parameters (HTTP 400: codes 40007, 40038, 40039...).
 *
 * @example
 * ```ts
 * if (error instanceof BadRequestError) console.error(error.apiMessage)
 * ```
 */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError'
}

/**
 * The symbol is unknown to the service (codes 40034, 40012).
 *
 * @example
 * ```ts
 * if (error instanceof UnknownSymbolError) {
 *   const symbols = (await client.getContracts()).map((contract) => contract.symbol)
 *   console.error(`${error.shortMessage}; listed: ${symbols.slice(0, 5).join(', ')}, ...`)
 * }
 * ```
 */
export class UnknownSymbolError extends BadRequestError {
  override name = 'UnknownSymbolError'
}

/**
 * The service failed or is unavailable (HTTP 5xx, code 30014). Retryable.
 *
 * @example
 * ```ts
 * if (error instanceof ServerError) console.warn('service trouble', error.trace)
 * ```
 */
export class ServerError extends ApiError {
  override name = 'ServerError'
}

/**
 * The service is in maintenance (code 30016, often with HTTP 200). Retryable.
 *
 * @example
 * ```ts
 * if (error instanceof MaintenanceError) console.warn('The exchange is in maintenance; try later.')
 * ```
 */
export class MaintenanceError extends ServerError {
  override name = 'MaintenanceError'
}

const AUTH_CODES = new Set<number>([30001, 30002, 30003, 30004, 30005, 30006, 30007, 30008])
const UNKNOWN_SYMBOL_CODES = new Set<number>([
  apiErrorCodes.UNKNOWN_SYMBOL,
  apiErrorCodes.UNKNOWN_DETAILS_SYMBOL,
])

/**
 * The one factory: picks the subclass from the code first, the HTTP status second.
 *
 * @param fields - What the service answered.
 * @returns The most specific {@link ApiError}.
 * @example
 * ```ts
 * createApiError({ code: 30013, message: 'Too many requests', trace: 't', httpStatus: 429, endpoint: 'GET /contract/public/depth' })
 * // RateLimitError
 * ```
 */
export function createApiError(fields: ApiErrorFields): ApiError {
  const { code, httpStatus } = fields
  if (code === apiErrorCodes.BLOCKED || httpStatus === 418) {
    return new RateLimitError(
      fields,
      'Blocked after repeated rate-limit violations: stop and back off',
    )
  }
  if (code === apiErrorCodes.TOO_MANY_REQUESTS || httpStatus === 429) {
    return new RateLimitError(fields, 'Too many requests: the rate limit was exceeded')
  }
  if (AUTH_CODES.has(code) || httpStatus === 401) {
    return new AuthError(
      fields,
      'Authentication failed: check the API key, the memo (not an account id), the clock and the GET body rule',
    )
  }
  if (code === apiErrorCodes.MAINTENANCE)
    return new MaintenanceError(fields, 'The service is in maintenance')
  if (UNKNOWN_SYMBOL_CODES.has(code)) return new UnknownSymbolError(fields, 'Unknown symbol')
  if (code === apiErrorCodes.SERVICE_UNAVAILABLE || httpStatus >= 500) {
    return new ServerError(fields, 'The service failed or is unavailable')
  }
  if (httpStatus === 400 || (code >= 40000 && code < 50000)) {
    return new BadRequestError(fields, 'The service refused the parameters')
  }
  return new ApiError(fields)
}
