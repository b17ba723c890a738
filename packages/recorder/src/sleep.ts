/**
 * Waiting that a stop signal cuts short.
 *
 * @module
 */

/**
 * Waits `ms`, or until `signal` aborts (then resolves at once, never rejects).
 *
 * @param ms - Milliseconds.
 * @param signal - The stop signal.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}
