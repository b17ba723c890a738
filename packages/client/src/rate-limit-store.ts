/**
 * Where rate-limit state lives. The client asks a {@link RateLimitStore} for a
 * slot before each request, tells it what the server's headers said, and
 * tells it to hold back after a 429 or 418. The default store keeps that state
 * in this process ({@link InProcessRateLimitStore}); a shared store (such as
 * `@perpkit/redis-limiter`) keeps one budget for many processes behind one IP.
 *
 * @module
 */
import type { RateLimitBudget } from '@perpkit/schemas'
import { PerpkitError } from './errors/base.ts'
import { thrownBy } from './errors/option.ts'
import type { RateLimitInfo } from './rate-limit-headers.ts'

/**
 * A taken slot. Call `release()` once the response (or the failure) is in:
 * from then on the slot counts against the window, until the window has
 * passed. Releasing twice is a no-op.
 *
 * @example
 * ```ts
 * const store = new InProcessRateLimitStore()
 * const key = 'https://api.example.com /contract/public/depth'
 * const slot = await store.acquire(key, { limit: 12, windowMs: 2000 })
 * try {
 *   await fetch('https://api.example.com/contract/public/depth?symbol=BTCUSDT')
 * } finally {
 *   slot.release()
 * }
 * ```
 */
export interface RateLimitSlot {
  /** The response has arrived (or the request failed): the slot's window starts now. */
  release(): void
}

/**
 * The state behind the client's rate limiter: one budget per key (an
 * endpoint at an origin). Implement it to share budgets through something
 * other than process memory; pass it as `rateLimit: { store }`.
 *
 * The contract, which every store must keep:
 * - `acquire` resolves once fewer than `budget.limit` slots of `key` are in
 *   flight or were released within the last `budget.windowMs`; waiters of one
 *   process are served first in, first out; an abort of `signal` rejects with
 *   its reason and drops the waiter.
 * - A slot counts from `acquire` (in flight) and then for `windowMs` from its
 *   `release()`, the moment its response arrived, so no window the server
 *   counts can see more than `limit` requests, however the network delays them.
 * - `observe` follows the server's headers: the latest reported limit, when
 *   lower than the budget's, lowers the budget (until a later response says otherwise), a
 *   used-up window holds the key back for the window.
 * - `block` holds every acquire of the key back for `ms` (after a 429 or 418).
 * - `observe` and `block` never throw and never wait: the request goes on.
 *
 * @example
 * ```ts
 * import { createClient, type RateLimitStore } from '@perpkit/client'
 *
 * declare const store: RateLimitStore // e.g. createRedisStore({ redis }) from @perpkit/redis-limiter
 * const client = createClient({ baseUrl: 'https://api.example.com', rateLimit: { store } })
 * ```
 */
export interface RateLimitStore {
  /**
   * Waits for a slot of `key`.
   *
   * @param key - The endpoint at its origin: `https://api.example.com /contract/public/depth`.
   * @param budget - The endpoint's budget: `limit` requests per `windowMs`.
   * @param signal - Aborts the wait.
   * @returns The slot to release when the response is in.
   */
  acquire(key: string, budget: RateLimitBudget, signal?: AbortSignal): Promise<RateLimitSlot>
  /**
   * Follows a response's rate-limit headers.
   *
   * @param key - As for `acquire`.
   * @param budget - As for `acquire`.
   * @param info - The parsed headers.
   */
  observe(key: string, budget: RateLimitBudget, info: RateLimitInfo): void
  /**
   * Holds every request of `key` back for `ms`.
   *
   * @param key - As for `acquire`.
   * @param budget - As for `acquire`.
   * @param ms - How long to send nothing.
   */
  block(key: string, budget: RateLimitBudget, ms: number): void
}

/** One endpoint's limiter as a request sees it: a store bound to its key and budget. */
export interface EndpointLimiter {
  acquire(signal?: AbortSignal): Promise<RateLimitSlot>
  observe(info: RateLimitInfo): void
  blockFor(ms: number): void
  /** The budget's window, for a 429 that does not say how long to wait. */
  readonly windowMs: number
}

/**
 * Binds a store to one endpoint of one origin. A store given as an option is
 * user code: what it throws (other than a {@link PerpkitError} of its own,
 * such as redis-limiter's) is an `OptionError` naming `rateLimit.store`; the
 * abort it was asked to honour is reported as an `AbortError` all the same
 * (the request path checks the caller's signal first).
 *
 * @param store - The client's store.
 * @param origin - e.g. `https://api.example.com`.
 * @param path - The endpoint path.
 * @param budget - The endpoint's budget.
 * @param trusted - Whether the store is the client's own (its calls are not guarded).
 * @returns The endpoint's limiter.
 */
export function endpointLimiter(
  store: RateLimitStore,
  origin: string,
  path: string,
  budget: RateLimitBudget,
  trusted = false,
): EndpointLimiter {
  const key = `${origin} ${path}`
  if (trusted) {
    return {
      acquire: (signal) => store.acquire(key, budget, signal),
      observe: (info) => store.observe(key, budget, info),
      blockFor: (ms) => store.block(key, budget, ms),
      windowMs: budget.windowMs,
    }
  }
  return {
    acquire: (signal) =>
      Promise.resolve()
        .then(() => store.acquire(key, budget, signal))
        .catch((error: unknown) => {
          throw storeFailure(error)
        }),
    observe: (info) => guardStore(() => store.observe(key, budget, info)),
    blockFor: (ms) => guardStore(() => store.block(key, budget, ms)),
    windowMs: budget.windowMs,
  }
}

function storeFailure(error: unknown): unknown {
  try {
    if (error instanceof PerpkitError) return error
  } catch {
    // A value that cannot even be inspected is the store's own failure.
  }
  return thrownBy('rateLimit.store', error)
}

function guardStore(call: () => void): void {
  try {
    call()
  } catch (error) {
    throw storeFailure(error)
  }
}

/**
 * The limiter as one call sees it: what a server's headers ask it to hold
 * back (`Retry-After`, a rate-limit `Reset` on a used-up window) is bounded,
 * so no header can stall an endpoint. A positive ask waits at most the larger
 * of `capMs` (the call's `retry.maxRetryAfterMs`) and the budget's own window;
 * zero, a negative value or a date in the past counts as no ask, which holds
 * back for the budget's window.
 *
 * @param limiter - The endpoint's limiter.
 * @param capMs - The longest wait a server may ask for.
 * @returns A limiter whose waits the server cannot stretch.
 */
export function withinCap(limiter: EndpointLimiter, capMs: number): EndpointLimiter {
  const { windowMs } = limiter
  const longest = Math.max(capMs, windowMs)
  const hold = (ms: number | null): number =>
    ms !== null && ms > 0 ? Math.min(ms, longest) : windowMs
  return {
    acquire: limiter.acquire,
    observe: (info) => {
      const asked = info.windowMs
      limiter.observe(
        asked === null || (asked > 0 && asked <= longest)
          ? info
          : { ...info, windowMs: hold(asked) },
      )
    },
    blockFor: (ms) => limiter.blockFor(hold(ms)),
    windowMs,
  }
}
