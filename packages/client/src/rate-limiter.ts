/**
 * A client-side rate limiter that keeps requests inside the server's budget.
 *
 * Each (origin, endpoint) has one bucket per process, shared by every client
 * of that origin. A request takes a slot before it is sent; the slot counts
 * against the window from the moment its response **arrived** (never earlier
 * than the server saw the request), so however the network delays requests,
 * no window of the server's can see more than `limit` of them. Waiters are
 * served first in, first out, and can abort while queued.
 *
 * @module
 */
import type { RateLimitBudget } from '@perpkit/schemas'
import { onAbort } from './abort.ts'
import { MAX_TIMER_MS } from './option-checks.ts'
import type { RateLimitInfo } from './rate-limit-headers.ts'
import type { RateLimitSlot, RateLimitStore } from './rate-limit-store.ts'

interface Waiter {
  resolve: (slot: RateLimitSlot) => void
  /** Ends the abort subscription. */
  off: () => void
}

/**
 * One endpoint's budget at one origin.
 *
 * @example
 * ```ts
 * const bucket = new RateLimitBucket({ limit: 12, windowMs: 2000 })
 * const slot = await bucket.acquire()
 * try {
 *   await fetch('https://api.example.com/contract/public/depth?symbol=BTCUSDT')
 * } finally {
 *   slot.release()
 * }
 * ```
 */
export class RateLimitBucket {
  /** The budget's limit, or the lower one the server's headers last reported. */
  #limit: number
  readonly #budgetLimit: number
  readonly #windowMs: number
  readonly #now: () => number
  /** Arrival times of the responses still inside the window, oldest first. */
  readonly #stamps: number[] = []
  #inFlight = 0
  #blockedUntil = 0
  readonly #queue: Waiter[] = []
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(budget: RateLimitBudget, now: () => number = Date.now) {
    this.#limit = budget.limit
    this.#budgetLimit = budget.limit
    this.#windowMs = budget.windowMs
    this.#now = now
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.#queue.length
  }

  /**
   * Waits for a slot (FIFO). Rejects with the signal's reason if it aborts first.
   *
   * @param signal - Aborts the wait.
   * @returns The slot to release when the response is in.
   */
  acquire(signal?: AbortSignal): Promise<RateLimitSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.#queue.length === 0 && this.#free() > 0) return Promise.resolve(this.#take())
    return new Promise<RateLimitSlot>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        off: onAbort(signal, () => {
          const index = this.#queue.indexOf(waiter)
          if (index !== -1) this.#queue.splice(index, 1)
          reject(signal?.reason)
          this.#pump()
        }),
      }
      this.#queue.push(waiter)
      this.#pump()
    })
  }

  /**
   * Falls in step with what the server reported: the limit of its latest
   * response (never above the budget, at least one request; one odd header
   * lowers it only until the next response says otherwise), and a window
   * already used up (by other processes on the same IP) blocks until it passes.
   *
   * @param info - Parsed rate-limit headers of a response.
   */
  observe(info: RateLimitInfo): void {
    if (info.limit > 0)
      this.#limit = Math.min(this.#budgetLimit, Math.max(1, Math.floor(info.limit)))
    if (info.used >= info.limit) this.blockFor(info.windowMs ?? this.#windowMs)
    // A raised limit may free slots for requests already queued.
    this.#pump()
  }

  /**
   * Sends nothing for `ms` (after a 429, or when the server says the window is used up).
   *
   * @param ms - How long to hold every request back.
   */
  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + ms)
    this.#pump()
  }

  #free(): number {
    const now = this.#now()
    if (now < this.#blockedUntil) return 0
    const stamps = this.#stamps
    let expired = 0
    while (expired < stamps.length && now - (stamps[expired] as number) >= this.#windowMs) expired++
    if (expired > 0) stamps.splice(0, expired)
    return this.#limit - stamps.length - this.#inFlight
  }

  #take(): RateLimitSlot {
    this.#inFlight++
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.#inFlight--
        this.#stamps.push(this.#now())
        this.#pump()
      },
    }
  }

  #pump(): void {
    while (this.#queue.length > 0 && this.#free() > 0) {
      const waiter = this.#queue.shift() as Waiter
      waiter.off()
      waiter.resolve(this.#take())
    }
    if (this.#queue.length === 0) {
      // Nobody waits any more (the last waiter aborted): nothing to wake for.
      clearTimeout(this.#timer)
      this.#timer = undefined
      return
    }
    if (this.#timer !== undefined) return
    const wake = this.#nextWake()
    if (wake === undefined) return // in-flight requests will pump on release
    // A referenced timer: a pending promise alone does not keep a process
    // alive, so a queued call would otherwise let a script exit before it ran.
    // Never armed beyond what a timer can wait (a longer one fires at once, and
    // would spin): a longer block wakes, finds itself still blocked, and sleeps again.
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined
        this.#pump()
      },
      Math.min(wake, MAX_TIMER_MS),
    )
  }

  #nextWake(): number | undefined {
    const now = this.#now()
    if (now < this.#blockedUntil) return this.#blockedUntil - now
    const oldest = this.#stamps[0]
    return oldest === undefined ? undefined : Math.max(1, oldest + this.#windowMs - now)
  }
}

/**
 * The default store: budgets kept in this process's memory, one
 * `RateLimitBucket` per key and budget. Every client that does not pass
 * a store shares one instance, as the server's per-IP budget is shared.
 *
 * @example
 * ```ts
 * // A budget of its own, apart from the process-wide one:
 * const client = createClient({ baseUrl, rateLimit: { store: new InProcessRateLimitStore() } })
 * ```
 */
export class InProcessRateLimitStore implements RateLimitStore {
  readonly #buckets = new Map<string, RateLimitBucket>()
  readonly #now: () => number

  /** @param now - The clock, in epoch ms. @default Date.now */
  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** {@inheritDoc RateLimitStore.acquire} */
  acquire(key: string, budget: RateLimitBudget, signal?: AbortSignal): Promise<RateLimitSlot> {
    return this.#bucket(key, budget).acquire(signal)
  }

  /** {@inheritDoc RateLimitStore.observe} */
  observe(key: string, budget: RateLimitBudget, info: RateLimitInfo): void {
    this.#bucket(key, budget).observe(info)
  }

  /** {@inheritDoc RateLimitStore.block} */
  block(key: string, budget: RateLimitBudget, ms: number): void {
    this.#bucket(key, budget).blockFor(ms)
  }

  #bucket(key: string, budget: RateLimitBudget): RateLimitBucket {
    const id = `${key} ${budget.limit}/${budget.windowMs}`
    let bucket = this.#buckets.get(id)
    if (!bucket) {
      bucket = new RateLimitBucket(budget, this.#now)
      this.#buckets.set(id, bucket)
    }
    return bucket
  }
}

/** The store of every client that does not choose one. */
export const processRateLimitStore: RateLimitStore = /* @__PURE__ */ new InProcessRateLimitStore()
