import { bracketIndexFor, type ParsedBracket, parseBrackets } from './internal/brackets.ts'
import { toDecimal, toRecord } from './internal/decimal.ts'
import type { BracketInput, Numeric } from './types.ts'

/**
 * Parameters of {@link maxLeverage}: a bracket table (ascending, as
 * `getLeverageBrackets` returns it) and a position notional in the quote currency.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const p: MaxLeverageParameters<LeverageBracket> = { brackets, notional: 100_000 }
 * ```
 */
export interface MaxLeverageParameters<B extends BracketInput = BracketInput> {
  /** The bracket table, ascending by notional (non-empty). */
  brackets: readonly B[]
  /** Position notional in the quote currency, `>= 0`. */
  notional: Numeric
}

/**
 * What {@link maxLeverage} returns: the leverage as a number (leverage is an
 * integer count in bracket tables), or `null` above the last cap.
 *
 * @example
 * ```ts
 * const leverage: MaxLeverageReturnType = 125
 * ```
 */
export type MaxLeverageReturnType = number | null

/**
 * Largest leverage allowed for a position notional: the `initialLeverage`
 * of the bracket that holds it (see {@link findBracket}), or `null` when the
 * notional is above the last bracket's cap (no leverage allows it).
 *
 * @param parameters - `brackets` (ascending by notional, non-empty) and `notional` (`>= 0`).
 * @returns the bracket's `initialLeverage` as a number, or `null` above the last cap.
 * @throws {@link AnalyticsInputError} when the table is empty, unsorted or holds a
 *   bad decimal, or the notional is negative or not a decimal.
 * @example
 * ```ts
 * import { maxLeverage } from '@perpkit/analytics'
 *
 * const brackets = [
 *   { initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000, maintMarginRatio: '0.004', cum: 0 },
 *   { initialLeverage: 100, notionalFloor: 50_000, notionalCap: 250_000, maintMarginRatio: '0.005', cum: 50 },
 * ]
 * maxLeverage({ brackets, notional: 10_000 }) // 125
 * maxLeverage({ brackets, notional: 250_000 }) // 100
 * maxLeverage({ brackets, notional: 250_001 }) // null
 * ```
 */
export function maxLeverage<B extends BracketInput>(
  parameters: MaxLeverageParameters<B>,
): MaxLeverageReturnType {
  const p = toRecord(parameters, 'parameters')
  const parsed = parseBrackets(parameters.brackets)
  const n = toDecimal(p.notional, 'notional', 'nonNegative')
  const b = parsed[bracketIndexFor(parsed, n)] as ParsedBracket<B>
  return n.gt(b.cap) ? null : b.leverage.toNumber()
}
