import { toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import { multiplyScaled } from './internal/scaled.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link contractsToQuote}.
 *
 * @example
 * ```ts
 * const p: ContractsToQuoteParameters = { contracts: '25', contractSize: '0.001', price: '65000.1' }
 * ```
 */
export interface ContractsToQuoteParameters {
  /** A quantity in contracts (may be negative, e.g. a short position). */
  contracts: Numeric
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
  /** Price of one base coin in the quote currency, `> 0`. */
  price: Numeric
}

/**
 * What {@link contractsToQuote} returns: a quote amount (the notional), a plain decimal string.
 *
 * @example
 * ```ts
 * const usdt: ContractsToQuoteReturnType = '1625.0025'
 * ```
 */
export type ContractsToQuoteReturnType = string

/**
 * Notional of a number of contracts at a price, in the quote currency:
 * `contracts * contractSize * price`, exact. The inverse is
 * {@link quoteToContracts}.
 *
 * @param parameters - `contracts`, `contractSize` and `price`.
 * @returns the amount in the quote currency (USDT for BTCUSDT).
 * @throws {@link AnalyticsInputError} when `contracts` is not a decimal or
 *   `contractSize` or `price` is not positive.
 * @example
 * ```ts
 * import { contractsToQuote } from '@perpkit/analytics'
 *
 * contractsToQuote({ contracts: '25', contractSize: '0.001', price: '65000.1' }) // '1625.0025' (USDT)
 * ```
 */
export function contractsToQuote(
  parameters: ContractsToQuoteParameters,
): ContractsToQuoteReturnType {
  const p = toRecord(parameters, 'parameters')
  const fast = multiplyScaled([p.contracts, p.contractSize, p.price], 1)
  if (fast !== undefined) return fast
  const contracts = toDecimal(p.contracts, 'contracts')
  const size = toDecimal(p.contractSize, 'contractSize', 'positive')
  const price = toDecimal(p.price, 'price', 'positive')
  return toDecimalString(contracts.times(size).times(price))
}
