import { type ParsedBracket, parseBrackets } from './internal/brackets.ts'
import { type Decimal, toDecimalString, ZERO } from './internal/decimal.ts'
import type { BracketInput } from './types.ts'

/**
 * Positional parameters of {@link computeCum}: the table.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const args: ComputeCumParameters<LeverageBracket> = [brackets]
 * ```
 */
export type ComputeCumParameters<B extends BracketInput = BracketInput> = [brackets: readonly B[]]

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
 * @param brackets - the bracket table in ascending order (may be empty).
 * @returns the expected `cum` of each bracket as plain decimal strings.
 * @throws {@link AnalyticsInputError} when a field is not a decimal (or a
 *   floor, cap, ratio or leverage is negative).
 * @example
 * ```ts
 * import { computeCum } from '@perpkit/analytics'
 *
 * computeCum([
 *   { initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000, maintMarginRatio: '0.004', cum: 0 },
 *   { initialLeverage: 100, notionalFloor: 50_000, notionalCap: 250_000, maintMarginRatio: '0.005', cum: 0 },
 *   { initialLeverage: 50, notionalFloor: 250_000, notionalCap: 1_000_000, maintMarginRatio: '0.01', cum: 0 },
 * ]) // ['0', '50', '1300']
 * ```
 */
export function computeCum<B extends BracketInput>(brackets: readonly B[]): ComputeCumReturnType {
  return expectedCums(parseBrackets(brackets, false)).map(toDecimalString)
}

/**
 * The expected cum of each parsed bracket (shared with `checkBracketTable`).
 *
 * @internal
 */
export function expectedCums<B>(parsed: readonly ParsedBracket<B>[]): Decimal[] {
  const cums: Decimal[] = []
  let cum = ZERO
  let previous: ParsedBracket<B> | undefined
  for (const b of parsed) {
    if (previous !== undefined) cum = cum.plus(b.floor.times(b.mmr.minus(previous.mmr)))
    cums.push(cum)
    previous = b
  }
  return cums
}
