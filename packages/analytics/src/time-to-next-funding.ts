import { toEpochMs } from './internal/time.ts'

/**
 * Positional parameters of {@link timeToNextFunding}: the settlement time and
 * the current time.
 *
 * @example
 * ```ts
 * const args: TimeToNextFundingParameters = [Date.UTC(2026, 0, 1, 8), Date.now()]
 * ```
 */
export type TimeToNextFundingParameters = [fundingTime: number | Date, now?: number | Date]

/**
 * What {@link timeToNextFunding} returns: milliseconds, never negative.
 *
 * @example
 * ```ts
 * const left: TimeToNextFundingReturnType = 5_400_000 // 1 h 30 min
 * ```
 */
export type TimeToNextFundingReturnType = number

/**
 * Milliseconds until a funding settlement, e.g. `FundingRate.fundingTime`;
 * `0` once that time has passed.
 *
 * @param fundingTime - the settlement time, epoch milliseconds or a `Date`.
 * @param now - the current time, epoch milliseconds or a `Date`; defaults to `Date.now()`.
 * @returns the milliseconds left, at least `0`.
 * @throws {@link AnalyticsInputError} when a time is neither a finite number nor a valid `Date`.
 * @example
 * ```ts
 * import { timeToNextFunding } from '@perpkit/analytics'
 *
 * timeToNextFunding(Date.UTC(2026, 0, 1, 8), Date.UTC(2026, 0, 1, 6, 30)) // 5400000 (1 h 30 min)
 * ```
 */
export function timeToNextFunding(
  fundingTime: number | Date,
  now: number | Date = Date.now(),
): TimeToNextFundingReturnType {
  const at = toEpochMs(fundingTime, 'fundingTime')
  const current = toEpochMs(now, 'now')
  return Math.max(0, at - current)
}
