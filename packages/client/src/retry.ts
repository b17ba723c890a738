/**
 * When and how long to wait before trying a request again.
 *
 * @module
 */
import { ApiError } from './errors/api.ts'
import { PerpkitError } from './errors/base.ts'
import { checkInteger, checkNonNegativeMs, invalidOption } from './option-checks.ts'

/**
 * Retry policy. GET requests are retried on network errors, timeouts, 408,
 * 429, 5xx and retryable codes (rate limit, unavailable, maintenance).
 *
 * @example
 * ```ts
 * createClient({ baseUrl, retry: { maxRetries: 4, maxDelayMs: 4000 } })
 * createClient({ baseUrl, retry: 0 }) // never retry
 * ```
 */
export interface RetryOptions {
  /** Retries after the first attempt. @default 2 */
  maxRetries?: number
  /** First backoff delay; doubles each retry, with jitter. @default 300 */
  baseDelayMs?: number
  /** Largest backoff delay. @default 8000 */
  maxDelayMs?: number
  /**
   * Largest wait the server may ask for (`Retry-After`, rate-limit window);
   * longer asks fail at once instead of sleeping. @default 30000
   */
  maxRetryAfterMs?: number
  /** Methods that may be retried. @default ['GET'] */
  methods?: readonly string[]
}

/** {@link RetryOptions} with every default filled in. */
export type ResolvedRetry = Required<RetryOptions>

const DEFAULTS: ResolvedRetry = {
  maxRetries: 2,
  baseDelayMs: 300,
  maxDelayMs: 8000,
  maxRetryAfterMs: 30_000,
  methods: ['GET'],
}

/**
 * Fills in the defaults; a number is `maxRetries` (`0` turns retries off).
 *
 * @param option - A count, options, or undefined.
 * @param base - Options to start from (the client's, for a per-call override).
 * @returns The complete policy.
 * @throws {@link PerpkitError} for a negative or fractional count, a negative delay, or bad methods.
 * @example
 * ```ts
 * resolveRetry(0).maxRetries // 0
 * ```
 */
export function resolveRetry(
  option: number | RetryOptions | undefined,
  base: ResolvedRetry = DEFAULTS,
): ResolvedRetry {
  if (option === undefined) return base
  if (typeof option === 'number') {
    return { ...base, maxRetries: checkInteger('retry', option, 0) }
  }
  if (typeof option !== 'object' || option === null) {
    throw invalidOption('retry', 'a retry count or { maxRetries, ... }', option)
  }
  const policy = { ...base, ...option }
  checkInteger('retry.maxRetries', policy.maxRetries, 0)
  checkNonNegativeMs('retry.baseDelayMs', policy.baseDelayMs)
  checkNonNegativeMs('retry.maxDelayMs', policy.maxDelayMs)
  checkNonNegativeMs('retry.maxRetryAfterMs', policy.maxRetryAfterMs)
  if (!Array.isArray(policy.methods) || !policy.methods.every((m) => typeof m === 'string')) {
    throw invalidOption('retry.methods', "a list of HTTP methods such as ['GET']", policy.methods)
  }
  return policy
}

/**
 * How long to wait before retry number `attempt` (1-based): exponential
 * backoff with jitter (between 75 % and 100 % of `base * 2^(attempt-1)`,
 * capped), or the server's ask when it is longer, or `null` when the server
 * asks for longer than `maxRetryAfterMs`. An ask of zero, a negative one, a
 * date in the past or one shorter than the backoff (`Retry-After: 0.001`)
 * waits the normal backoff, never less.
 *
 * @param attempt - 1 for the first retry.
 * @param error - The failure of the previous attempt.
 * @param policy - The retry policy.
 * @param random - Source of jitter in [0, 1).
 * @returns Milliseconds to wait, or `null` to give up.
 * @example
 * ```ts
 * if (error instanceof PerpkitError) retryDelay(1, error, resolveRetry(undefined)) // ~225-300 ms
 * ```
 */
export function retryDelay(
  attempt: number,
  error: PerpkitError,
  policy: ResolvedRetry,
  random: () => number = Math.random,
): number | null {
  const asked = error instanceof ApiError ? error.retryAfterMs : null
  if (typeof asked === 'number' && asked > policy.maxRetryAfterMs) return null
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  const backoff = Math.round(exponential * (0.75 + 0.25 * random()))
  // An ask shorter than the backoff (`Retry-After: 0.001`) is no reason to retry sooner.
  return typeof asked === 'number' && asked > backoff ? asked : backoff
}

/**
 * Whether a failed attempt may be tried again under `policy`.
 *
 * @param error - The failure.
 * @param method - The request method.
 * @param attempt - Retries already made.
 * @param policy - The retry policy.
 * @returns `true` to retry.
 * @example
 * ```ts
 * shouldRetry(new TimeoutError('GET /x', 10), 'GET', 0, resolveRetry(undefined)) // true
 * ```
 */
export function shouldRetry(
  error: unknown,
  method: string,
  attempt: number,
  policy: ResolvedRetry,
): boolean {
  return (
    error instanceof PerpkitError &&
    error.retryable &&
    attempt < policy.maxRetries &&
    policy.methods.includes(method.toUpperCase())
  )
}
