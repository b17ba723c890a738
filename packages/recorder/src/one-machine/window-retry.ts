/**
 * The backfill's retries of one window, above the client's own: a window
 * whose request keeps failing for a transient reason (a 429 or 5xx storm, an
 * outage, a truncated body) is tried again with exponential backoff until it
 * has failed for `giveUpMs`; then it is given up, reported missing, and the
 * run goes on with the other windows.
 *
 * @module
 */
import { askedWaitMs, isTransientFailure } from '../transient-failure.ts'

/** How a window is retried. */
export interface WindowRetryPolicy {
  /** First wait after a failed attempt; doubles with each failure. */
  baseDelayMs: number
  /** Longest wait between two attempts. */
  maxDelayMs: number
  /** How long a window may keep failing before it is given up. */
  giveUpMs: number
}

/** The defaults: 1 s, 2 s, 4 s ... up to a minute between attempts, for 10 minutes. */
export const WINDOW_RETRY: WindowRetryPolicy = {
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  giveUpMs: 600_000,
}

/** What one window's attempts came to. */
export type WindowOutcome<T> =
  | { kind: 'fetched'; value: T }
  /** Given up: a failure no wait can change, or transient ones for longer than `giveUpMs`. */
  | { kind: 'failed'; error: unknown; attempts: number }
  /** The stop signal came. */
  | { kind: 'stopped' }

/** What {@link fetchWithRetry} runs with. */
export interface WindowRetryContext {
  policy: WindowRetryPolicy
  /** The clock, epoch ms. */
  now: () => number
  /** Waits, or returns early when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
  signal: AbortSignal
  /** Called before each wait. */
  onRetry?: (retry: { attempt: number; waitMs: number; error: unknown }) => void
  /** Jitter source in [0, 1). @default Math.random */
  random?: () => number
}

/**
 * The wait before attempt `attempt + 1`: exponential with jitter (75-100 %
 * of `base × 2^(attempt-1)`, capped), and never less than the server asked.
 *
 * @param attempt - Attempts made so far (1 after the first failure).
 * @param error - The last failure.
 * @param policy - The policy.
 * @param random - Jitter source.
 * @returns Milliseconds.
 */
function windowRetryDelay(
  attempt: number,
  error: unknown,
  policy: WindowRetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  const jittered = Math.round(exponential * (0.75 + 0.25 * random()))
  return Math.max(jittered, Math.min(askedWaitMs(error), policy.maxDelayMs))
}

/**
 * Fetches one window, retrying transient failures.
 *
 * @param fetch - One attempt (the client retries inside it).
 * @param ctx - Policy, clock, sleep, stop signal.
 * @returns What came of it; never throws what `fetch` throws.
 */
export async function fetchWithRetry<T>(
  fetch: () => Promise<T>,
  ctx: WindowRetryContext,
): Promise<WindowOutcome<T>> {
  let firstFailure: number | undefined
  for (let attempt = 1; ; attempt++) {
    if (ctx.signal.aborted) return { kind: 'stopped' }
    try {
      return { kind: 'fetched', value: await fetch() }
    } catch (error) {
      if (ctx.signal.aborted) return { kind: 'stopped' }
      firstFailure ??= ctx.now()
      if (!isTransientFailure(error)) return { kind: 'failed', error, attempts: attempt }
      const waitMs = windowRetryDelay(attempt, error, ctx.policy, ctx.random)
      if (ctx.now() + waitMs - firstFailure > ctx.policy.giveUpMs)
        return { kind: 'failed', error, attempts: attempt }
      ctx.onRetry?.({ attempt, waitMs, error })
      await ctx.sleep(waitMs, ctx.signal)
    }
  }
}
