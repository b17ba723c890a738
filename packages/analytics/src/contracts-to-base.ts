import { toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import { multiplyScaled } from './internal/scaled.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link contractsToBase}.
 *
 * @example
 * ```ts
 * const p: ContractsToBaseParameters = { contracts: '25', contractSize: '0.001' }
 * ```
 */
export interface ContractsToBaseParameters {
  /** A quantity in contracts (may be negative, e.g. a short position). */
  contracts: Numeric
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
}

/**
 * What {@link contractsToBase} returns: a base-coin quantity, a plain decimal string.
 *
 * @example
 * ```ts
 * const btc: ContractsToBaseReturnType = '0.025'
 * ```
 */
export type ContractsToBaseReturnType = string

/**
 * Base-coin quantity of a number of contracts: `contracts * contractSize`,
 * exact. The inverse is {@link baseToContracts}.
 *
 * @param parameters - `contracts` and `contractSize`.
 * @returns the quantity in the base coin (BTC for BTCUSDT).
 * @throws {@link AnalyticsInputError} when `contracts` is not a decimal or
 *   `contractSize` is not positive.
 * @example
 * ```ts
 * import { contractsToBase } from '@perpkit/analytics'
 *
 * contractsToBase({ contracts: '25', contractSize: '0.001' }) // '0.025' (BTC)
 * ```
 */
export function contractsToBase(parameters: ContractsToBaseParameters): ContractsToBaseReturnType {
  const p = toRecord(parameters, 'parameters')
  const fast = multiplyScaled([p.contracts, p.contractSize], 1)
  if (fast !== undefined) return fast
  const contracts = toDecimal(p.contracts, 'contracts')
  return toDecimalString(contracts.times(toDecimal(p.contractSize, 'contractSize', 'positive')))
}
