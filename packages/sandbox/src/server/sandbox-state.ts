/**
 * What every request of one sandbox shares, and the clock and timers read
 * through it.
 *
 * @module
 */

import type { AuthType } from '@perpkit/schemas'
import type { MemoryFaultQueue } from '../faults/fault-queue.ts'
import type { Market } from '../market/market.ts'
import type { ResolvedOptions } from '../options.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import type { AuthCheck, SignatureCheck } from '../signed/signed-mode.ts'
import type { PayloadCache } from './payload-cache.ts'

/** Everything a request handler shares with its sandbox. */
export interface SandboxState {
  options: ResolvedOptions
  /** The seed reduced to 32 bits (for quirks decided per request). */
  seedHash: number
  market: Market
  /** The payloads built in the last second, by request. */
  payloads: PayloadCache
  faults: MemoryFaultQueue
  limiter: RateLimiter | undefined
  /** The check of each auth type (none for public endpoints). */
  authChecks: Record<AuthType, AuthCheck | undefined>
  /** The check of the signed route. */
  checkSignature: SignatureCheck
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

/** The rate-limit clock, checked like the market clock. */
export function readRateLimitClock(state: SandboxState): number {
  const now = state.options.rateLimitClock()
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    throw new Error(`the rateLimitClock() option must return epoch ms, got ${String(now)}`)
  }
  return now
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
