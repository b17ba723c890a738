import {
  roundedQuotient,
  toDecimal,
  toDecimalString,
  toRecord,
  toRoundingMode,
} from './internal/decimal.ts'
import type { Numeric, RoundingMode } from './types.ts'

/**
 * Parameters of {@link baseToContracts}.
 *
 * @example
 * ```ts
 * const p: BaseToContractsParameters = { base: '0.0255', contractSize: '0.001', step: '1', mode: 'floor' }
 * ```
 */
export interface BaseToContractsParameters {
  /** A quantity in the base coin (may be negative). */
  base: Numeric
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
  /**
   * A quantity step (`Contract.volumePrecision`), `> 0`: when given, the
   * result is rounded to a whole multiple of it by `mode`, exactly.
   */
  step?: Numeric
  /**
   * How a quantity between two steps is rounded (only with `step`).
   * @default 'half-up'
   */
  mode?: RoundingMode
}

/**
 * What {@link baseToContracts} returns: a quantity in contracts, a plain decimal string.
 *
 * @example
 * ```ts
 * const contracts: BaseToContractsReturnType = '25'
 * ```
 */
export type BaseToContractsReturnType = string

/**
 * Number of contracts holding a base-coin quantity: `base / contractSize`,
 * carried to 18 decimal places when it does not terminate, or, with a
 * `step`, rounded exactly to a whole multiple of the step. The inverse of
 * {@link contractsToBase}.
 *
 * @param parameters - `base`, `contractSize`, and optionally `step` and `mode`.
 * @returns the quantity in contracts.
 * @throws {@link AnalyticsInputError} when `base` is not a decimal, `contractSize`
 *   or `step` is not positive, or `mode` is not a {@link RoundingMode}.
 * @example
 * ```ts
 * import { baseToContracts } from '@perpkit/analytics'
 *
 * baseToContracts({ base: '0.025', contractSize: '0.001' }) // '25'
 * baseToContracts({ base: '0.0255', contractSize: '0.001' }) // '25.5'
 * baseToContracts({ base: '0.0255', contractSize: '0.001', step: '1', mode: 'floor' }) // '25'
 * ```
 */
export function baseToContracts(parameters: BaseToContractsParameters): BaseToContractsReturnType {
  const p = toRecord(parameters, 'parameters')
  const base = toDecimal(p.base, 'base')
  const size = toDecimal(p.contractSize, 'contractSize', 'positive')
  if (p.step === undefined) return toDecimalString(base.div(size))
  const step = toDecimal(p.step, 'step', 'positive')
  const mode = p.mode === undefined ? 'half-up' : toRoundingMode(p.mode, 'mode')
  // base / size rounded to a multiple of step is round(base / (size * step)) * step, exactly
  return toDecimalString(roundedQuotient(base, size.times(step), mode).times(step))
}
