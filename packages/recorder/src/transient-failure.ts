/**
 * Which failures of a request are worth trying again later: the one rule of
 * the recorder's own retries (above the client's), for a backfill window.
 *
 * @module
 */
import {
  ApiError,
  isPerpkitError,
  isRetryableError,
  RateLimitError,
  UnexpectedResponseError,
} from '@perpkit/client'

/**
 * Whether waiting may change the answer: what the client retries itself
 * (network errors, timeouts, 408, 429, 5xx, maintenance), and what it does not
 * but a later attempt can fix: a body cut short or not JSON whatever its
 * status (a truncated 200, a CDN's HTML page), and a block after repeated
 * 429s (418). An answer about the request itself (an unknown symbol, a bad
 * parameter, a payload that does not match its schema) is not transient.
 *
 * @param error - What a request threw.
 * @returns `true` when a later attempt may succeed.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isPerpkitError(error)) return false
  return (
    isRetryableError(error) ||
    error instanceof UnexpectedResponseError ||
    error instanceof RateLimitError
  )
}

/**
 * How long the server asked to wait, if it did.
 *
 * @param error - What a request threw.
 * @returns Milliseconds, or 0.
 */
export function askedWaitMs(error: unknown): number {
  return error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0
}

/**
 * A failure in one line: the first line of its message (perpkit errors put
 * details on the next lines), with the HTTP status when there was one.
 *
 * @param error - Anything thrown.
 * @returns One line.
 */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const line = message.split('\n', 1)[0] ?? message
  const status = (error as { httpStatus?: unknown } | null)?.httpStatus
  return typeof status === 'number' ? `${line} (HTTP ${status})` : line
}
