import {
  roundedQuotient,
  toDecimal,
  toDecimalString,
  toRecord,
  toRoundingMode,
} from './internal/decimal.ts'
import type { Numeric, RoundingMode } from './types.ts'

/**
 * Parameters of {@link quoteToContracts}.
 *
 * @example
 * ```ts
 * const p: QuoteToContractsParameters = {
 *   quote: '1000', contractSize: '0.001', price: '65000', step: '1', mode: 'floor',
 * }
 * ```
 */
export interface QuoteToContractsParameters {
  /** An amount in the quote currency (may be negative). */
  quote: Numeric
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
  /** Price of one base coin in the quote currency, `> 0`. */
  price: Numeric
  /**
   * A quantity step (`Contract.volumePrecision`), `> 0`: when given, the
   * result is rounded to a whole multiple of it by `mode`, exactly.
   */
  step?: Numeric
  /**
   * How a quantity between two steps is rounded (only with `step`); `'floor'`
   * gives what the amount can buy.
   * @default 'half-up'
   */
  mode?: RoundingMode
}

/**
 * What {@link quoteToContracts} returns: a quantity in contracts, a plain decimal string.
 *
 * @example
 * ```ts
 * const contracts: QuoteToContractsReturnType = '15'
 * ```
 */
export type QuoteToContractsReturnType = string

/**
 * Number of contracts a quote amount is worth at a price:
 * `quote / (contractSize * price)`, carried to 18 decimal places when it does
 * not terminate, or, with a `step`, rounded exactly to a whole multiple of the
 * step (`mode: 'floor'` for what the amount can buy). The inverse of
 * {@link contractsToQuote}. To spend an amount against a book rather than at
 * one price, see {@link walkBook}.
 *
 * @param parameters - `quote`, `contractSize`, `price`, and optionally `step` and `mode`.
 * @returns the quantity in contracts.
 * @throws {@link AnalyticsInputError} when `quote` is not a decimal, `contractSize`,
 *   `price` or `step` is not positive, or `mode` is not a {@link RoundingMode}.
 * @example
 * ```ts
 * import { quoteToContracts } from '@perpkit/analytics'
 *
 * quoteToContracts({ quote: '1625', contractSize: '0.001', price: '65000' }) // '25'
 * quoteToContracts({ quote: '1000', contractSize: '0.001', price: '65000' }) // '15.384615384615384615'
 * quoteToContracts({ quote: '1000', contractSize: '0.001', price: '65000', step: '1', mode: 'floor' }) // '15'
 * ```
 */
export function quoteToContracts(
  parameters: QuoteToContractsParameters,
): QuoteToContractsReturnType {
  const p = toRecord(parameters, 'parameters')
  const quote = toDecimal(p.quote, 'quote')
  const size = toDecimal(p.contractSize, 'contractSize', 'positive')
  const unit = size.times(toDecimal(p.price, 'price', 'positive')) // quote value of one contract
  if (p.step === undefined) return toDecimalString(quote.div(unit))
  const step = toDecimal(p.step, 'step', 'positive')
  const mode = p.mode === undefined ? 'half-up' : toRoundingMode(p.mode, 'mode')
  return toDecimalString(roundedQuotient(quote, unit.times(step), mode).times(step))
}
