/**
 * Per-(client IP, endpoint) fixed windows with the table's budgets. A window
 * starts at the first request after the previous one expired and lasts
 * `windowMs`. Requests over the budget get 429 (code 30013); past twice the
 * budget in one window, 418 (code 30017) for the rest of that window. Every
 * request counts, refused ones included.
 *
 * @module
 */
import type { RATE_LIMIT_HEADERS, RateLimitBudget } from '@perpkit/schemas'

/** What the limiter decided for one request. */
export interface RateLimitVerdict {
  budget: RateLimitBudget
  /** Requests used in the current window, this one included. */
  used: number
  /** `'ok'` within budget, `'limited'` over it (429), `'blocked'` past twice the budget (418). */
  state: 'ok' | 'limited' | 'blocked'
}

interface Window {
  start: number
  end: number
  used: number
}

/** Prune expired windows once this many are tracked. */
const PRUNE_AT = 10_000

/** Fixed-window request counters per client and endpoint. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  /** Counts a request of `client` to `path` at `now` (epoch ms) against `budget`. */
  hit(client: string, path: string, budget: RateLimitBudget, now: number): RateLimitVerdict {
    const key = `${client} ${path}`
    let window = this.windows.get(key)
    // A clock that went backwards also starts a new window.
    if (window === undefined || now >= window.end || now < window.start) {
      if (this.windows.size >= PRUNE_AT) this.prune(now)
      window = { start: now, end: now + budget.windowMs, used: 0 }
      this.windows.set(key, window)
    }
    window.used += 1
    const state =
      window.used <= budget.limit ? 'ok' : window.used <= 2 * budget.limit ? 'limited' : 'blocked'
    return { budget, used: window.used, state }
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (now >= window.end) this.windows.delete(key)
    }
  }
}

/**
 * The rate-limit headers of a response: `Limit` (the budget), `Remaining`
 * (requests USED in the window, as live servers send), `Reset` (the window
 * length in seconds) and `Mode` (`IP`), under the sandbox's header names.
 */
export function rateLimitHeaders(
  names: Record<keyof typeof RATE_LIMIT_HEADERS, string>,
  verdict: RateLimitVerdict,
): Record<string, string> {
  return {
    [names.limit]: String(verdict.budget.limit),
    [names.remaining]: String(verdict.used),
    [names.reset]: String(verdict.budget.windowMs / 1000),
    [names.mode]: 'IP',
  }
}
