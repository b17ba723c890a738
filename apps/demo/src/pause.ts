/**
 * An abortable pause, shared by the terminal's `--watch` loop and the
 * page's live refresh.
 *
 * @module
 */

/**
 * Waits `ms`, or less when `signal` aborts first (no wait at all when it
 * already has). Never rejects: an abort only ends the wait.
 *
 * @param ms - Milliseconds to wait.
 * @param signal - Ends the wait early.
 */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
