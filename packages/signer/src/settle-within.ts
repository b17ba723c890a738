import { SignerError } from './errors.ts'

/** How a promise settled within its time: its value, or the error (a timeout included). */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/**
 * Waits for `work` at most `timeoutMs` (`Infinity`: no limit). Never rejects: a rejection or
 * the timeout comes back as `{ ok: false, error }`, the timeout as a {@link SignerError} with
 * code `'timeout'` whose message names `what`. The work itself is not cancelled.
 */
export function settleWithin<T>(
  work: Promise<T>,
  timeoutMs: number,
  what: string,
): Promise<Settled<T>> {
  return new Promise((resolve) => {
    const timer =
      timeoutMs === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(() => {
            resolve({
              ok: false,
              error: new SignerError(
                'timeout',
                `The ${what} did not answer within ${timeoutMs} ms.`,
              ),
            })
          }, timeoutMs)
    work.then(
      (value) => {
        clearTimeout(timer)
        resolve({ ok: true, value })
      },
      (error: unknown) => {
        clearTimeout(timer)
        resolve({ ok: false, error })
      },
    )
  })
}
