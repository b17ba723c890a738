import { toDecimal, toDecimalString } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link isolatedMarginForLeverage}.
 *
 * @example
 * ```ts
 * const p: IsolatedMarginForLeverageParameters = {
 *   qty: '1000', entryPrice: '50000', leverage: 10, contractSize: '0.001',
 * }
 * ```
 */
export interface IsolatedMarginForLeverageParameters {
  /** Position size in contracts, `> 0`. */
  qty: Numeric
  /** Entry price, `> 0`. */
  entryPrice: Numeric
  /** Leverage the position was opened with, `> 0`. */
  leverage: Numeric
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
}

/**
 * What {@link isolatedMarginForLeverage} returns: a decimal string in the quote currency.
 *
 * @example
 * ```ts
 * const margin: IsolatedMarginForLeverageReturnType = '5000'
 * ```
 */
export type IsolatedMarginForLeverageReturnType = string

/**
 * Isolated margin (wallet balance) of a position opened at a leverage:
 * `qty * contractSize * entryPrice / leverage`, fees excluded. Divisions are
 * carried to 18 decimal places.
 *
 * @param parameters - the position: `qty`, `entryPrice`, `leverage`, `contractSize`.
 * @returns the margin as a plain decimal string.
 * @throws {@link AnalyticsInputError} when a parameter is not a positive decimal.
 * @example
 * ```ts
 * import { isolatedMarginForLeverage } from '@perpkit/analytics'
 *
 * isolatedMarginForLeverage({ qty: '1000', entryPrice: '50000', leverage: 10, contractSize: '0.001' })
 * // '5000'
 * ```
 */
export function isolatedMarginForLeverage(
  parameters: IsolatedMarginForLeverageParameters,
): IsolatedMarginForLeverageReturnType {
  const qty = toDecimal(parameters.qty, 'qty', 'positive')
  const entryPrice = toDecimal(parameters.entryPrice, 'entryPrice', 'positive')
  const leverage = toDecimal(parameters.leverage, 'leverage', 'positive')
  const contractSize = toDecimal(parameters.contractSize, 'contractSize', 'positive')
  return toDecimalString(qty.times(contractSize).times(entryPrice).div(leverage))
}
