import { toDecimal, toDecimalString } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Positional parameters of {@link initialMargin}: notional and leverage.
 *
 * @example
 * ```ts
 * const args: InitialMarginParameters = ['50000', 20]
 * ```
 */
export type InitialMarginParameters = [notional: Numeric, leverage: Numeric]

/**
 * What {@link initialMargin} returns: a decimal string in the quote currency.
 *
 * @example
 * ```ts
 * const margin: InitialMarginReturnType = '2500'
 * ```
 */
export type InitialMarginReturnType = string

/**
 * Initial margin of a position: `notional / leverage`, carried to 18 decimal
 * places (rounded half-up) when the division does not terminate.
 *
 * @param notional - position notional in the quote currency, `>= 0`.
 * @param leverage - leverage, `> 0` (need not be an integer).
 * @returns the initial margin as a plain decimal string.
 * @throws {@link AnalyticsInputError} when the notional is negative or the
 *   leverage is not positive, or either is not a decimal.
 * @example
 * ```ts
 * import { initialMargin } from '@perpkit/analytics'
 *
 * initialMargin('50000', 20) // '2500'
 * initialMargin('100', 3) // '33.333333333333333333'
 * ```
 */
export function initialMargin(notional: Numeric, leverage: Numeric): InitialMarginReturnType {
  const n = toDecimal(notional, 'notional', 'nonNegative')
  const l = toDecimal(leverage, 'leverage', 'positive')
  return toDecimalString(n.div(l))
}
