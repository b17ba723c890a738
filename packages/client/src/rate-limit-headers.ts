/**
 * Reading the rate-limit headers of a response.
 *
 * @module
 */
import { RATE_LIMIT_HEADERS } from '@perpkit/schemas/lite'

/**
 * The rate-limit state a response reported. Live deployments prefix the
 * headers (`X-...-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Mode`), and their
 * `Remaining` counts requests already **used** in the window, while `Reset`
 * is the window **length** in seconds: both are read as such here.
 *
 * @example
 * ```ts
 * const { rateLimit } = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
 * if (rateLimit && rateLimit.remaining < 2) console.warn('Budget nearly used up.')
 * ```
 */
export interface RateLimitInfo {
  /** Requests allowed per window. */
  limit: number
  /** Requests used in the current window (the header named `Remaining`). */
  used: number
  /** `limit - used`, never below 0. */
  remaining: number
  /** The window length in ms (the header named `Reset`, in seconds). */
  windowMs: number | null
  /** The limiting mode (e.g. `IP`), when sent. */
  mode: string | null
}

/** Header-name endings, lower case (fetch lower-cases names), whatever the prefix. */
const SUFFIXES = [
  RATE_LIMIT_HEADERS.limit,
  RATE_LIMIT_HEADERS.remaining,
  RATE_LIMIT_HEADERS.reset,
  RATE_LIMIT_HEADERS.mode,
].map((name) => `-${name.toLowerCase()}`)

/**
 * Reads the rate-limit headers, whatever their prefix. `null` when the
 * response has none.
 *
 * @param headers - Response headers.
 * @returns The parsed state, or `null`.
 * @example
 * ```ts
 * parseRateLimitHeaders(new Headers({ 'X-PK-RateLimit-Limit': '12', 'X-PK-RateLimit-Remaining': '3', 'X-PK-RateLimit-Reset': '2' }))
 * // { limit: 12, used: 3, remaining: 9, windowMs: 2000, mode: null }
 * ```
 */
export function parseRateLimitHeaders(headers: Headers): RateLimitInfo | null {
  const values: (string | undefined)[] = [undefined, undefined, undefined, undefined]
  headers.forEach((value, name) => {
    if (!name.includes('ratelimit')) return
    for (let i = 0; i < SUFFIXES.length; i++) {
      if (name.endsWith(SUFFIXES[i] as string)) values[i] = value
    }
  })
  const [limitText, usedText, resetText, mode] = values
  const limit = Number(limitText)
  const used = Number(usedText)
  if (
    limitText === undefined ||
    usedText === undefined ||
    !Number.isFinite(limit) ||
    !Number.isFinite(used)
  ) {
    return null
  }
  const reset = Number(resetText)
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    windowMs: resetText !== undefined && Number.isFinite(reset) ? reset * 1000 : null,
    mode: mode ?? null,
  }
}

/**
 * Reads `Retry-After` (seconds or an HTTP date) as a delay in ms, or `null`.
 *
 * @param headers - Response headers.
 * @param now - The current time in ms.
 * @returns The delay in ms, or `null` when absent or unreadable.
 * @example
 * ```ts
 * parseRetryAfter(new Headers({ 'Retry-After': '2' })) // 2000
 * ```
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | null {
  const value = headers.get('retry-after')
  if (value === null) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}
