import { toEpochMs, toIntervalMs } from './internal/time.ts'

/**
 * Positional parameters of {@link nextFundingTime}: the interval in hours and
 * the current time.
 *
 * @example
 * ```ts
 * const args: NextFundingTimeParameters = [8, Date.now()]
 * ```
 */
export type NextFundingTimeParameters = [intervalHours: number, now?: number | Date]

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
 * @param intervalHours - hours between settlements (`Contract.fundingIntervalHours`), `> 0`.
 * @param now - the current time, epoch milliseconds or a `Date`; defaults to `Date.now()`.
 * @returns the next settlement time in epoch milliseconds.
 * @throws {@link AnalyticsInputError} when the interval is not a positive number of
 *   hours in whole milliseconds or `now` is not a valid time.
 * @example
 * ```ts
 * import { nextFundingTime } from '@perpkit/analytics'
 *
 * nextFundingTime(8, Date.UTC(2026, 0, 1, 9, 15)) === Date.UTC(2026, 0, 1, 16) // true
 * nextFundingTime(8, Date.UTC(2026, 0, 1, 16)) === Date.UTC(2026, 0, 2, 0) // true
 * ```
 */
export function nextFundingTime(
  intervalHours: number,
  now: number | Date = Date.now(),
): NextFundingTimeReturnType {
  const interval = toIntervalMs(intervalHours, 'intervalHours')
  const current = toEpochMs(now, 'now')
  return Math.floor(current / interval) * interval + interval
}
