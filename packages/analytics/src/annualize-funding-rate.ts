import { toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link annualizeFundingRate}.
 *
 * @example
 * ```ts
 * const p: AnnualizeFundingRateParameters = { rate: '0.0001', intervalHours: 8 }
 * ```
 */
export interface AnnualizeFundingRateParameters {
  /** The funding rate of one interval, as a fraction (`'0.0001'` is 0.01 %); may be negative. */
  rate: Numeric
  /** Hours between settlements (`Contract.fundingIntervalHours`), `> 0`. */
  intervalHours: Numeric
}

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
 * @param parameters - `rate` (a fraction, may be negative) and `intervalHours` (`> 0`).
 * @returns the yearly rate as a fraction, a plain decimal string.
 * @throws {@link AnalyticsInputError} when the rate is not a decimal or the interval is not positive.
 * @example
 * ```ts
 * import { annualizeFundingRate } from '@perpkit/analytics'
 *
 * annualizeFundingRate({ rate: '0.0001', intervalHours: 8 }) // '0.1095' (10.95 % a year)
 * annualizeFundingRate({ rate: '-0.0002', intervalHours: 4 }) // '-0.438'
 * ```
 */
export function annualizeFundingRate(
  parameters: AnnualizeFundingRateParameters,
): AnnualizeFundingRateReturnType {
  const p = toRecord(parameters, 'parameters')
  const r = toDecimal(p.rate, 'rate')
  const hours = toDecimal(p.intervalHours, 'intervalHours', 'positive')
  return toDecimalString(r.times(24 * 365).div(hours))
}
