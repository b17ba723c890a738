import { toRecord } from './internal/decimal.ts'
import { toEpochMs, toIntervalMs } from './internal/time.ts'

/**
 * Parameters of {@link nextFundingTime}.
 *
 * @example
 * ```ts
 * const p: NextFundingTimeParameters = { intervalHours: 8, now: Date.now() }
 * ```
 */
export interface NextFundingTimeParameters {
  /** Hours between settlements (`Contract.fundingIntervalHours`), `> 0`. */
  intervalHours: number
  /**
   * The current time, epoch milliseconds or a `Date`.
   * @default Date.now()
   */
  now?: number | Date
}

/**
 * What {@link nextFundingTime} returns: epoch milliseconds.
 *
 * @example
 * ```ts
 * const at: NextFundingTimeReturnType = Date.UTC(2026, 0, 1, 16)
 * ```
 */
export type NextFundingTimeReturnType = number

/**
 * Next funding settlement on a UTC grid of `intervalHours` hours counted from
 * the epoch (00:00, 08:00 and 16:00 UTC for 8 hours), strictly after `now`.
 * Use it when no `fundingTime` is at hand; the server's `fundingTime` wins
 * when the schedule differs.
 *
 * @param parameters - `intervalHours` (`> 0`) and `now` (default `Date.now()`).
 * @returns the next settlement time in epoch milliseconds.
 * @throws {@link AnalyticsInputError} when the interval is not a positive number of
 *   hours in whole milliseconds or `now` is not a valid time.
 * @example
 * ```ts
 * import { nextFundingTime } from '@perpkit/analytics'
 *
 * nextFundingTime({ intervalHours: 8, now: Date.UTC(2026, 0, 1, 9, 15) }) === Date.UTC(2026, 0, 1, 16) // true
 * nextFundingTime({ intervalHours: 8, now: Date.UTC(2026, 0, 1, 16) }) === Date.UTC(2026, 0, 2, 0) // true
 * ```
 */
export function nextFundingTime(parameters: NextFundingTimeParameters): NextFundingTimeReturnType {
  const p = toRecord(parameters, 'parameters')
  const interval = toIntervalMs(p.intervalHours, 'intervalHours')
  const current = toEpochMs(p.now ?? Date.now(), 'now')
  return Math.floor(current / interval) * interval + interval
}
