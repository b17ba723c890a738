/**
 * Conventions of the interface that more than one package needs, named once:
 * where seconds end and milliseconds begin, the public rate-limit budgets,
 * and how rate-limit headers are named. Zod-free (part of `/lite`).
 *
 * @module
 */

/**
 * Epoch values below this are seconds; at or above it, milliseconds. It is
 * 1973-03-03 in milliseconds and the year 5138 in seconds, so the two units
 * never overlap for market data. The wire mixes units across endpoints and
 * eras; inputs in milliseconds below it are refused as "seconds, not ms".
 *
 * @example
 * ```ts
 * 1767225600 < SECONDS_THRESHOLD // true: epoch seconds
 * 1767225600000 < SECONDS_THRESHOLD // false: epoch milliseconds
 * ```
 */
export const SECONDS_THRESHOLD = 1e11

/**
 * A request budget: at most `limit` requests per `windowMs`, per IP and endpoint.
 *
 * @example
 * ```ts
 * const budget: RateLimitBudget = { limit: 12, windowMs: 2000 }
 * ```
 */
export interface RateLimitBudget {
  /** Requests allowed per window. */
  limit: number
  /** The window length in milliseconds. */
  windowMs: number
}

/**
 * The budget of a public endpoint on live deployments: 12 requests per 2 s per IP.
 *
 * @example
 * ```ts
 * PUBLIC_RATE_LIMIT // { limit: 12, windowMs: 2000 }
 * ```
 */
export const PUBLIC_RATE_LIMIT: RateLimitBudget = Object.freeze({ limit: 12, windowMs: 2000 })

/**
 * Names of the rate-limit headers, after a deployment's prefix
 * (`X-BM-RateLimit-Limit`, ...). Beware what live servers mean by them:
 * `remaining` counts requests already **used** in the window, and `reset` is
 * the window **length** in seconds, not a point in time.
 *
 * @example
 * ```ts
 * `X-PK-${RATE_LIMIT_HEADERS.limit}` // 'X-PK-RateLimit-Limit'
 * ```
 */
export const RATE_LIMIT_HEADERS = Object.freeze({
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
  mode: 'RateLimit-Mode',
} as const)

/**
 * The rate-limit header prefix the sandbox sends by default, and the one the
 * OpenAPI document names: the field notes' `X-...-RateLimit-*` pattern with
 * no deployment part (`X-RateLimit-Limit`, ...). A deployment's own prefix
 * (for example `'X-BM'`) is one option away; the client reads any prefix.
 *
 * @example
 * ```ts
 * rateLimitHeaderNames(DEFAULT_RATE_LIMIT_HEADER_PREFIX).limit // 'X-RateLimit-Limit'
 * ```
 */
export const DEFAULT_RATE_LIMIT_HEADER_PREFIX = 'X'

/**
 * The full rate-limit header names of a deployment with `prefix`.
 *
 * @param prefix - The deployment's header prefix, e.g. `'X-BM'`.
 * @returns The four header names.
 * @example
 * ```ts
 * rateLimitHeaderNames('X-PK').limit // 'X-PK-RateLimit-Limit'
 * ```
 */
export function rateLimitHeaderNames(
  prefix: string,
): Record<keyof typeof RATE_LIMIT_HEADERS, string> {
  return {
    limit: `${prefix}-${RATE_LIMIT_HEADERS.limit}`,
    remaining: `${prefix}-${RATE_LIMIT_HEADERS.remaining}`,
    reset: `${prefix}-${RATE_LIMIT_HEADERS.reset}`,
    mode: `${prefix}-${RATE_LIMIT_HEADERS.mode}`,
  }
}
