/**
 * What every request of one sandbox shares, and the clock and timers read
 * through it.
 *
 * @module
 */
import type { MemoryFaultQueue } from '../faults/fault-queue.ts'
import type { Market } from '../market/market.ts'
import type { ResolvedOptions } from '../options.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import type { SignatureCheck } from '../signed/signed-mode.ts'

/** Everything a request handler shares with its sandbox. */
export interface SandboxState {
  options: ResolvedOptions
  /** The seed reduced to 32 bits (for quirks decided per request). */
  seedHash: number
  market: Market
  faults: MemoryFaultQueue
  limiter: RateLimiter | undefined
  checkSignature: SignatureCheck | undefined
  /** Pending latency timers, cleared by `close()`. */
  timers: Set<NodeJS.Timeout>
}

/** The sandbox clock, checked: a clock that gives no epoch ms is a sandbox failure (HTTP 500). */
export function readClock(state: SandboxState): number {
  const now = state.options.now()
  if (typeof now !== 'number' || !Number.isFinite(now) || now < 0) {
    throw new Error(`the now() option must return epoch ms, got ${String(now)}`)
  }
  return Math.floor(now)
}

/** Waits `ms`, on a timer that `close()` clears. */
export function delay(state: SandboxState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer)
      resolve()
    }, ms)
    state.timers.add(timer)
  })
}
