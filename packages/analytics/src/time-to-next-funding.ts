import { toRecord } from './internal/decimal.ts'
import { toEpochMs } from './internal/time.ts'

/**
 * Parameters of {@link timeToNextFunding}.
 *
 * @example
 * ```ts
 * const p: TimeToNextFundingParameters = { fundingTime: Date.UTC(2026, 0, 1, 8), now: Date.now() }
 * ```
 */
export interface TimeToNextFundingParameters {
  /** The settlement time (e.g. `FundingRate.fundingTime`), epoch milliseconds or a `Date`. */
  fundingTime: number | Date
  /**
   * The current time, epoch milliseconds or a `Date`.
   * @default Date.now()
   */
  now?: number | Date
}

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
 * @param parameters - `fundingTime` and `now` (default `Date.now()`), epoch milliseconds or `Date`s.
 * @returns the milliseconds left, at least `0`.
 * @throws {@link AnalyticsInputError} when a time is neither a finite number nor a valid `Date`.
 * @example
 * ```ts
 * import { timeToNextFunding } from '@perpkit/analytics'
 *
 * timeToNextFunding({ fundingTime: Date.UTC(2026, 0, 1, 8), now: Date.UTC(2026, 0, 1, 6, 30) })
 * // 5400000 (1 h 30 min)
 * ```
 */
export function timeToNextFunding(
  parameters: TimeToNextFundingParameters,
): TimeToNextFundingReturnType {
  const p = toRecord(parameters, 'parameters')
  const at = toEpochMs(p.fundingTime, 'fundingTime')
  const current = toEpochMs(p.now ?? Date.now(), 'now')
  return Math.max(0, at - current)
}
