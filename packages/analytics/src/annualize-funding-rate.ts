import { toDecimal, toDecimalString } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Positional parameters of {@link annualizeFundingRate}: the rate of one
 * interval and the interval in hours.
 *
 * @example
 * ```ts
 * const args: AnnualizeFundingRateParameters = ['0.0001', 8]
 * ```
 */
export type AnnualizeFundingRateParameters = [rate: Numeric, intervalHours: Numeric]

/**
 * What {@link annualizeFundingRate} returns: a decimal fraction per year.
 *
 * @example
 * ```ts
 * const yearly: AnnualizeFundingRateReturnType = '0.1095' // 10.95 %
 * ```
 */
export type AnnualizeFundingRateReturnType = string

/**
 * Annualizes a funding rate paid every `intervalHours` hours, without
 * compounding: `rate * 24 / intervalHours * 365`. Computed as one division
 * of the exact product `rate * 8760`, carried to 18 decimal places.
 *
 * @param rate - the funding rate of one interval, as a fraction (`'0.0001'` is 0.01 %); may be negative.
 * @param intervalHours - hours between settlements (`Contract.fundingIntervalHours`), `> 0`.
 * @returns the yearly rate as a fraction, a plain decimal string.
 * @throws {@link AnalyticsInputError} when the rate is not a decimal or the interval is not positive.
 * @example
 * ```ts
 * import { annualizeFundingRate } from '@perpkit/analytics'
 *
 * annualizeFundingRate('0.0001', 8) // '0.1095' (10.95 % a year)
 * annualizeFundingRate('-0.0002', 4) // '-0.438'
 * ```
 */
export function annualizeFundingRate(
  rate: Numeric,
  intervalHours: Numeric,
): AnnualizeFundingRateReturnType {
  const r = toDecimal(rate, 'rate')
  const hours = toDecimal(intervalHours, 'intervalHours', 'positive')
  return toDecimalString(r.times(24 * 365).div(hours))
}
