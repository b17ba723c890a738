import { SignerError } from './errors.ts'

/**
 * The current time in epoch milliseconds: a number, a `Date`, or a function returning
 * milliseconds (for example one that adds an offset to `Date.now()` to follow the server's
 * clock). Fractions are dropped.
 *
 * @example
 * ```ts
 * import { signRequest } from '@perpkit/signer'
 *
 * // Follow the server clock: offset measured from a response's timestamp.
 * const offsetMs = 1200
 * const now = () => Date.now() + offsetMs
 * const credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
 * await signRequest({ method: 'GET', query: 'symbol=BTCUSDT', credentials, now })
 * ```
 */
export type Clock = number | Date | (() => number)

/**
 * A timestamp below this looks like epoch seconds, not milliseconds. The same
 * threshold as `SECONDS_THRESHOLD` of `@perpkit/schemas/lite`, restated here
 * only because the signer has no dependencies.
 */
export const LOOKS_LIKE_SECONDS_BELOW = 1e11

/**
 * Reads a clock as whole epoch milliseconds (`Date.now()` when absent).
 *
 * @throws {SignerError} `'invalid-argument'` if it gives a negative or non-finite time.
 */
export function readClock(now: Clock | undefined): number {
  const value =
    now === undefined
      ? Date.now()
      : typeof now === 'function'
        ? now()
        : now instanceof Date
          ? now.getTime()
          : now
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new SignerError(
      'invalid-argument',
      `now must give epoch milliseconds (a finite, non-negative number), got ${
        typeof value === 'number' ? String(value) : typeof value
      }.`,
    )
  }
  return Math.floor(value)
}
