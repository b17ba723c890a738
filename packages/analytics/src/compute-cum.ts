import { expectedCums, parseBrackets } from './internal/brackets.ts'
import { toDecimalString, toRecord } from './internal/decimal.ts'
import type { BracketInput } from './types.ts'

/**
 * Parameters of {@link computeCum}: a bracket table.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const p: ComputeCumParameters<LeverageBracket> = { brackets }
 * ```
 */
export interface ComputeCumParameters<B extends BracketInput = BracketInput> {
  /** The bracket table in ascending order (may be empty); its own `cum` values are not read. */
  brackets: readonly B[]
}

/**
 * What {@link computeCum} returns: one decimal string per bracket, in table order.
 *
 * @example
 * ```ts
 * const cums: ComputeCumReturnType = ['0', '50', '1300']
 * ```
 */
export type ComputeCumReturnType = string[]

/**
 * Computes the `cum` column a bracket table should carry, from its floors
 * and maintenance margin ratios: `cum_1 = 0` and
 * `cum_n = cum_(n-1) + floor_n * (mmr_n - mmr_(n-1))`. That is the amount
 * which makes `N * mmr - cum` continuous at every boundary. The table's own
 * `cum` values are not read.
 *
 * @param parameters - `brackets`, the table in ascending order (may be empty).
 * @returns the expected `cum` of each bracket as plain decimal strings.
 * @throws {@link AnalyticsInputError} when a field is not a decimal (or a
 *   floor, cap, ratio or leverage is negative).
 * @example
 * ```ts
 * import { computeCum } from '@perpkit/analytics'
 *
 * computeCum({
 *   brackets: [
 *     { initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000, maintMarginRatio: '0.004', cum: 0 },
 *     { initialLeverage: 100, notionalFloor: 50_000, notionalCap: 250_000, maintMarginRatio: '0.005', cum: 0 },
 *     { initialLeverage: 50, notionalFloor: 250_000, notionalCap: 1_000_000, maintMarginRatio: '0.01', cum: 0 },
 *   ],
 * }) // ['0', '50', '1300']
 * ```
 */
export function computeCum<B extends BracketInput>(
  parameters: ComputeCumParameters<B>,
): ComputeCumReturnType {
  toRecord(parameters, 'parameters')
  return expectedCums(parseBrackets(parameters.brackets, false)).map(toDecimalString)
}
