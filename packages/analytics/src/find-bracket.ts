import { bracketIndexFor, parseBrackets } from './internal/brackets.ts'
import { toDecimal, toRecord } from './internal/decimal.ts'
import type { BracketInput, Numeric } from './types.ts'

/**
 * Parameters of {@link findBracket}: a bracket table (ascending, as
 * `getLeverageBrackets` returns it) and a position notional in the quote currency.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const p: FindBracketParameters<LeverageBracket> = { brackets, notional: '65000' }
 * ```
 */
export interface FindBracketParameters<B extends BracketInput = BracketInput> {
  /** The bracket table, ascending by notional (non-empty). */
  brackets: readonly B[]
  /** Position notional in the quote currency, `>= 0`. */
  notional: Numeric
}

/**
 * What {@link findBracket} returns: the caller's own bracket object.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const bracket: FindBracketReturnType<LeverageBracket>
 * bracket.maintMarginRatio // '0.004'
 * ```
 */
export type FindBracketReturnType<B extends BracketInput = BracketInput> = B

/**
 * Finds the risk bracket that holds a position notional: the one with
 * `notionalFloor < N <= notionalCap`, the way exchange tables print tiers
 * ("0 < position <= 50,000"). `N = 0` belongs to the first bracket and a
 * notional above the last cap to the last bracket.
 *
 * @param parameters - `brackets` (ascending by notional, non-empty) and `notional` (`>= 0`).
 * @returns the matching element of `brackets` (the same object).
 * @throws {@link AnalyticsInputError} when the table is empty, unsorted or holds a
 *   bad decimal, or the notional is negative or not a decimal.
 * @example
 * ```ts
 * import { findBracket } from '@perpkit/analytics'
 *
 * const brackets = [
 *   { bracket: 1, initialLeverage: 125, notionalFloor: '0', notionalCap: '50000', maintMarginRatio: '0.004', cum: '0' },
 *   { bracket: 2, initialLeverage: 100, notionalFloor: '50000', notionalCap: '250000', maintMarginRatio: '0.005', cum: '50' },
 * ]
 * findBracket({ brackets, notional: '50000' }).bracket // 1 (the cap is inclusive)
 * findBracket({ brackets, notional: '50000.01' }).bracket // 2
 * ```
 */
export function findBracket<B extends BracketInput>(
  parameters: FindBracketParameters<B>,
): FindBracketReturnType<B> {
  const p = toRecord(parameters, 'parameters')
  const parsed = parseBrackets(parameters.brackets)
  const n = toDecimal(p.notional, 'notional', 'nonNegative')
  return (parsed[bracketIndexFor(parsed, n)] as (typeof parsed)[number]).source
}
