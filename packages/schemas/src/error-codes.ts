/**
 * Error codes observed on live deployments (field notes). Message texts vary;
 * key on the code.
 *
 * @module
 */

/**
 * Named API error codes.
 *
 * @example
 * ```ts
 * if (body.code === apiErrorCodes.TOO_MANY_REQUESTS) console.warn('rate limited: back off')
 * ```
 */
export const apiErrorCodes = {
  /** Unknown path (the body uses `msg`), HTTP 404. */
  NOT_FOUND: 30000,
  /** The API key header is empty or missing, HTTP 401. */
  MISSING_KEY: 30001,
  /** The API key is not found, HTTP 401. */
  UNKNOWN_KEY: 30002,
  /** The API key is frozen, HTTP 401. */
  KEY_FROZEN: 30003,
  /** The signature header is empty or missing, HTTP 401. */
  MISSING_SIGNATURE: 30004,
  /** The signature is wrong (most often: the wrong memo or secret), HTTP 401. */
  SIGNATURE_MISMATCH: 30005,
  /** The timestamp header is empty or missing, HTTP 401. */
  MISSING_TIMESTAMP: 30006,
  /** The timestamp is outside the accepted window (about 30-60 s), HTTP 401. */
  TIMESTAMP_OUT_OF_WINDOW: 30007,
  /** The timestamp header is malformed, HTTP 401. */
  MALFORMED_TIMESTAMP: 30008,
  /** Too many requests, HTTP 429. */
  TOO_MANY_REQUESTS: 30013,
  /** Service unavailable, HTTP 503. */
  SERVICE_UNAVAILABLE: 30014,
  /** Maintenance, HTTP 200. */
  MAINTENANCE: 30016,
  /** Blocked after repeated 429s, HTTP 418. */
  BLOCKED: 30017,
  /** A `/contract/v1/...` path: the V1 API is retired (HTTP 200, `msg`). */
  V1_DEPRECATED: 30030,
  /** Parameter parse error, HTTP 400. */
  PARAMETER_ERROR: 40007,
  /** Unknown symbol on details, HTTP 400. */
  UNKNOWN_DETAILS_SYMBOL: 40012,
  /** Unknown or missing symbol, HTTP 400. */
  UNKNOWN_SYMBOL: 40034,
  /** Invalid K-line step, HTTP 400. */
  INVALID_STEP: 40038,
  /** Invalid timestamp, HTTP 400. */
  INVALID_TIMESTAMP: 40039,
} as const

/**
 * The code a live server answers for a missing or invalid query parameter, by the
 * parameter's wire name: symbol 40034, step 40038, `start_time` / `end_time` 40039, `limit`
 * 40007. Any other parameter gets 40007 too; details answers 40012 for its symbol
 * (`UNKNOWN_DETAILS_SYMBOL`), as it lists delisted contracts.
 *
 * @example
 * ```ts
 * queryParameterErrorCodes.step // 40038
 * ```
 */
export const queryParameterErrorCodes: Readonly<Record<string, number>> = Object.freeze({
  symbol: apiErrorCodes.UNKNOWN_SYMBOL,
  step: apiErrorCodes.INVALID_STEP,
  start_time: apiErrorCodes.INVALID_TIMESTAMP,
  end_time: apiErrorCodes.INVALID_TIMESTAMP,
  limit: apiErrorCodes.PARAMETER_ERROR,
})

/**
 * One of the named codes.
 *
 * @example
 * ```ts
 * const code: ApiErrorCode = apiErrorCodes.MAINTENANCE
 * ```
 */
export type ApiErrorCode = (typeof apiErrorCodes)[keyof typeof apiErrorCodes]

/**
 * Whether a request that failed with `code` may succeed if simply tried again
 * later: rate limits, unavailability, maintenance. (30017 "blocked" is not:
 * retrying makes it worse.)
 *
 * @param code - An API error code.
 * @returns `true` for transient codes.
 * @example
 * ```ts
 * isRetryableCode(30013) // true
 * isRetryableCode(40034) // false
 * ```
 */
export function isRetryableCode(code: number): boolean {
  return code === 30013 || code === 30014 || code === 30016
}

/**
 * The `code` of every successful response.
 *
 * @example
 * ```ts
 * if (body.code === SUCCESS_CODE) console.log(body.data)
 * ```
 */
export const SUCCESS_CODE = 1000
