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
 * The bounds of a {@link RateLimitBudget}: `limit` a whole number of requests
 * from 1 to 1,000,000, `windowMs` a whole number of milliseconds from 1 to
 * 86,400,000 (a day). Live windows are whole seconds; a window of a fraction
 * of a millisecond measures nothing any clock here can tell apart, and a day
 * is far beyond any window a deployment uses while well inside what a timer
 * can wait (2^31 - 1 ms).
 *
 * @example
 * ```ts
 * RATE_LIMIT_BUDGET_BOUNDS.windowMs.max // 86400000
 * ```
 */
export const RATE_LIMIT_BUDGET_BOUNDS = Object.freeze({
  limit: Object.freeze({ min: 1, max: 1_000_000 }),
  windowMs: Object.freeze({ min: 1, max: 86_400_000 }),
} as const)

/** How a refused value is shown: strings quoted, objects and arrays by kind, never in full. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return 'an array'
  if (value !== null && typeof value === 'object') return 'an object'
  return String(value)
}

/**
 * The one check of a rate-limit budget, used by every package that takes one
 * (the client's `rateLimit.budgets`, the sandbox's `rateLimitBudgets`,
 * redis-limiter's store, the recorder's `--budget`): both fields whole
 * numbers within {@link RATE_LIMIT_BUDGET_BOUNDS}.
 *
 * @param value - The budget to check.
 * @param name - What the caller calls it, for the message (`rateLimit.budgets['/contract/public/depth']`).
 * @returns A plain copy holding only `limit` and `windowMs`.
 * @throws {TypeError} when `value` is not an object.
 * @throws {RangeError} when a field is not a whole number within its bounds; the
 *   one-line message names the field, says what it must be and shows what it got.
 * @example
 * ```ts
 * checkRateLimitBudget({ limit: 12, windowMs: 2000 }) // { limit: 12, windowMs: 2000 }
 * checkRateLimitBudget({ limit: 12, windowMs: 1.5 }, 'depth')
 * // RangeError: depth.windowMs must be an integer from 1 to 86400000, got 1.5
 * ```
 */
export function checkRateLimitBudget(value: unknown, name = 'budget'): RateLimitBudget {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be { limit, windowMs }, got ${shown(value)}`)
  }
  const budget = value as Partial<Record<keyof RateLimitBudget, unknown>>
  for (const field of ['limit', 'windowMs'] as const) {
    const { min, max } = RATE_LIMIT_BUDGET_BOUNDS[field]
    const given = budget[field]
    if (!Number.isInteger(given) || (given as number) < min || (given as number) > max) {
      throw new RangeError(
        `${name}.${field} must be an integer from ${min} to ${max}, got ${shown(given)}`,
      )
    }
  }
  return { limit: budget.limit as number, windowMs: budget.windowMs as number }
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
