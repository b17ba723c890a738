/**
 * Abort subscriptions that scale: many requests may share one caller signal
 * (1,000 queued calls, a kline range), and one event listener each would
 * trip Node's max-listeners warning. Each signal gets one real listener that
 * fans out to the current subscribers.
 *
 * @module
 */

const subscribers = new WeakMap<AbortSignal, Set<() => void>>()

/**
 * Runs `callback` once when `signal` aborts; returns the unsubscribe function.
 * A signal that has already aborted runs it on the next microtask (its
 * `abort` event has come and gone), unless unsubscribed first.
 *
 * @param signal - The caller's signal, or `undefined` (nothing to do).
 * @param callback - Called on abort, at most once.
 * @returns A function that removes the subscription.
 * @example
 * ```ts
 * const caller = AbortSignal.timeout(5_000)
 * const controller = new AbortController()
 * const off = onAbort(caller, () => controller.abort(caller.reason))
 * try {
 *   await fetch('https://api.example.com/system/time', { signal: controller.signal })
 * } finally {
 *   off()
 * }
 * ```
 */
export function onAbort(signal: AbortSignal | undefined, callback: () => void): () => void {
  if (!signal) return noop
  if (signal.aborted) {
    let subscribed = true
    queueMicrotask(() => {
      if (subscribed) callback()
    })
    return () => {
      subscribed = false
    }
  }
  let set = subscribers.get(signal)
  if (!set) {
    const created = new Set<() => void>()
    set = created
    subscribers.set(signal, created)
    signal.addEventListener(
      'abort',
      () => {
        subscribers.delete(signal)
        for (const subscriber of created) subscriber()
      },
      { once: true },
    )
  }
  set.add(callback)
  const current = set
  return () => {
    current.delete(callback)
  }
}

function noop(): void {}
