/**
 * Waiting for something that may never end (a close that needs a Redis that
 * is down), but not for ever.
 *
 * @module
 */

/**
 * Resolves when `promise` settles or `ms` pass, whichever comes first; never rejects.
 *
 * @param promise - What to wait for.
 * @param ms - The longest wait.
 * @example
 * ```ts
 * await settleWithin(new Promise(() => {}), 10) // resolves after 10 ms
 * ```
 */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    promise.catch(() => {}),
    new Promise((done) => {
      timer = setTimeout(done, ms)
    }),
  ])
  clearTimeout(timer)
}
