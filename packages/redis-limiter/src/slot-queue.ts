/**
 * The local queue in front of Redis: one per key and budget in a process.
 * Waiters are served first in, first out; only the queue asks Redis, one
 * script at a time, for as many slots as it has waiters, and sleeps until
 * the time the script says a slot can free.
 *
 * A failover must not freeze the budget nor overrun it. Releases and cancels
 * are delivered until Redis runs them (`StoreCore.deliver`), so a slot whose
 * release met a dead master frees itself as soon as the new master answers,
 * not when its lease ends. And after any command of the queue failed, the
 * budget's state in Redis may lack the dead master's last writes: before its
 * next acquire the queue blocks the key for one window (a block every process
 * sees), so every request those lost writes counted has left the window
 * before another slot is granted.
 *
 * @module
 */
import { MAX_TIMER_MS, onAbort, type RateLimitSlot } from '@perpkit/client'
import { CommandFailure, runScript } from './run-script.ts'
import { ACQUIRE, BLOCK, CANCEL, RELEASE } from './scripts.ts'
import type { Budget, StoreCore } from './store-core.ts'

interface Waiter {
  resolve: (slot: RateLimitSlot) => void
  reject: (error: unknown) => void
  signal: AbortSignal | undefined
  /** Ends the abort subscription. */
  off: () => void
}

/** The waiters of one key and budget in this process. */
export class SlotQueue {
  readonly #core: StoreCore
  readonly #key: string
  readonly #budget: Budget
  readonly #keys: { log: string; inflight: string; block: string }
  readonly #waiters: Waiter[] = []
  #busy = false
  #timer: ReturnType<typeof setTimeout> | undefined
  /** A command of this queue failed since its last acquire: Redis may have lost writes. */
  #unsure = false
  readonly #markUnsure = (): void => {
    this.#unsure = true
  }

  constructor(core: StoreCore, key: string, budget: Budget) {
    this.#core = core
    this.#key = key
    this.#budget = budget
    this.#keys = core.redisKeys(key)
  }

  /** Waits for a slot in Redis (FIFO in this process). */
  acquire(signal?: AbortSignal): Promise<RateLimitSlot> {
    return new Promise<RateLimitSlot>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        off: onAbort(signal, () => {
          const index = this.#waiters.indexOf(waiter)
          if (index === -1) return
          this.#waiters.splice(index, 1)
          if (this.#waiters.length === 0) this.#sleep(undefined)
          reject(signal?.reason)
        }),
      }
      this.#waiters.push(waiter)
      // While the queue sleeps, its head waits for the time Redis named.
      if (this.#timer === undefined) void this.#pump()
    })
  }

  async #pump(): Promise<void> {
    if (this.#busy) return
    this.#busy = true
    try {
      while (this.#waiters.length > 0) {
        if (this.#core.isDown()) return this.#handOff()
        if (this.#unsure) {
          const epoch = this.#core.epoch
          try {
            await runScript(
              this.#core.redis,
              BLOCK,
              [this.#keys.block],
              [Math.ceil(this.#budget.windowMs)],
              this.#core.commandTimeoutMs,
            )
          } catch (error) {
            if (!this.#core.failed(error, epoch)) continue
            return this.#handOff()
          }
          this.#unsure = false
          this.#core.recovered()
          continue
        }
        const wanted = this.#waiters.length
        const prefix = this.#core.nextIdPrefix()
        const epoch = this.#core.epoch
        let reply: unknown
        try {
          reply = await runScript(
            this.#core.redis,
            ACQUIRE,
            [this.#keys.log, this.#keys.inflight, this.#keys.block],
            [
              this.#core.limitOf(this.#key, this.#budget),
              this.#budget.windowMs,
              wanted,
              prefix,
              this.#core.slotLeaseMs,
            ],
            this.#core.commandTimeoutMs,
          )
        } catch (error) {
          this.#unsure = true
          // A command that went out may only be late: take back whatever it would grant.
          if (!(error instanceof CommandFailure && !error.sent)) {
            this.#core.deliver(
              CANCEL,
              [this.#keys.inflight],
              [prefix, wanted],
              Date.now() + this.#core.slotLeaseMs,
              this.#markUnsure,
            )
          }
          // Sent before Redis last came back: ask it again rather than fall back.
          if (!this.#core.failed(error, epoch)) continue
          return this.#handOff()
        }
        this.#core.recovered()
        const [granted, waitMs] = reply as [number, number]
        for (let i = 1; i <= granted; i++) {
          const waiter = this.#waiters.shift()
          // Its waiter aborted while Redis answered: the slot was never used.
          if (!waiter) this.#release(`${prefix}${i}`, false)
          else {
            waiter.off()
            waiter.resolve(this.#slot(`${prefix}${i}`))
          }
        }
        // (Whoever waited may have aborted meanwhile: then nothing to wake for.)
        if (granted === 0) return this.#sleep(this.#waiters.length > 0 ? waitMs : undefined)
      }
    } finally {
      this.#busy = false
    }
  }

  /**
   * Sleeps until a slot can free (`undefined`: stops sleeping). The timer is
   * referenced: someone waits, and a pending promise alone would let the
   * process exit. Never armed beyond what a timer can wait (a longer wait
   * would fire at once, and spin): a longer one wakes, asks, and sleeps again.
   */
  #sleep(ms: number | undefined): void {
    clearTimeout(this.#timer)
    this.#timer =
      ms === undefined
        ? undefined
        : setTimeout(
            () => {
              this.#timer = undefined
              void this.#pump()
            },
            Math.min(ms, MAX_TIMER_MS),
          )
  }

  /** Redis is down: every waiter goes to the fallback, or fails, in order. */
  #handOff(): void {
    for (const waiter of this.#waiters.splice(0)) {
      waiter.off()
      this.#core
        .whenDown(this.#key, this.#budget, waiter.signal)
        .then(waiter.resolve, waiter.reject)
    }
  }

  #slot(id: string): RateLimitSlot {
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.#release(id, true)
      },
    }
  }

  /**
   * `sent`: the slot counts for a window from now; otherwise it just goes (and
   * frees room). Delivered until Redis runs it, for as long as the slot's lease.
   */
  #release(id: string, sent: boolean): void {
    this.#core.deliver(
      RELEASE,
      [this.#keys.log, this.#keys.inflight],
      [id, this.#budget.windowMs, sent ? 1 : 0],
      Date.now() + this.#core.slotLeaseMs,
      this.#markUnsure,
      () => {
        if (sent || this.#busy) return
        this.#sleep(undefined)
        void this.#pump()
      },
    )
  }
}
