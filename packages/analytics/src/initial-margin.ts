import { toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link initialMargin}.
 *
 * @example
 * ```ts
 * const p: InitialMarginParameters = { notional: '50000', leverage: 20 }
 * ```
 */
export interface InitialMarginParameters {
  /** Position notional in the quote currency, `>= 0`. */
  notional: Numeric
  /** Leverage, `> 0` (need not be an integer). */
  leverage: Numeric
}

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
 * @param parameters - `notional` (quote currency, `>= 0`) and `leverage` (`> 0`).
 * @returns the initial margin as a plain decimal string.
 * @throws {@link AnalyticsInputError} when the notional is negative or the
 *   leverage is not positive, or either is not a decimal.
 * @example
 * ```ts
 * import { initialMargin } from '@perpkit/analytics'
 *
 * initialMargin({ notional: '50000', leverage: 20 }) // '2500'
 * initialMargin({ notional: '100', leverage: 3 }) // '33.333333333333333333'
 * ```
 */
export function initialMargin(parameters: InitialMarginParameters): InitialMarginReturnType {
  const p = toRecord(parameters, 'parameters')
  const n = toDecimal(p.notional, 'notional', 'nonNegative')
  const l = toDecimal(p.leverage, 'leverage', 'positive')
  return toDecimalString(n.div(l))
}
