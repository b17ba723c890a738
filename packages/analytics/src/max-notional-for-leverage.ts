import { parseBrackets } from './internal/brackets.ts'
import { type Decimal, toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { BracketInput, Numeric } from './types.ts'

/**
 * Parameters of {@link maxNotionalForLeverage}: a bracket table (ascending, as
 * `getLeverageBrackets` returns it) and a wanted leverage.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const p: MaxNotionalForLeverageParameters<LeverageBracket> = { brackets, leverage: 20 }
 * ```
 */
export interface MaxNotionalForLeverageParameters<B extends BracketInput = BracketInput> {
  /** The bracket table, ascending by notional (non-empty). */
  brackets: readonly B[]
  /** Wanted leverage, `> 0`. */
  leverage: Numeric
}

/**
 * What {@link maxNotionalForLeverage} returns: a decimal string, or `null`.
 *
 * @example
 * ```ts
 * const cap: MaxNotionalForLeverageReturnType = '250000'
 * ```
 */
export type MaxNotionalForLeverageReturnType = string | null

/**
 * Largest position notional that can be opened at a given leverage: the
 * largest `notionalCap` among the brackets whose `initialLeverage` is at
 * least `leverage`, or `null` when no bracket allows that much leverage.
 *
 * @param parameters - `brackets` (ascending by notional, non-empty) and `leverage` (`> 0`).
 * @returns the notional cap as a plain decimal string, or `null`.
 * @throws {@link AnalyticsInputError} when the table is empty, unsorted or holds a
 *   bad decimal, or the leverage is not positive.
 * @example
 * ```ts
 * import { maxNotionalForLeverage } from '@perpkit/analytics'
 *
 * const brackets = [
 *   { initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000, maintMarginRatio: '0.004', cum: 0 },
 *   { initialLeverage: 100, notionalFloor: 50_000, notionalCap: 250_000, maintMarginRatio: '0.005', cum: 50 },
 * ]
 * maxNotionalForLeverage({ brackets, leverage: 100 }) // '250000'
 * maxNotionalForLeverage({ brackets, leverage: 110 }) // '50000'
 * maxNotionalForLeverage({ brackets, leverage: 150 }) // null
 * ```
 */
export function maxNotionalForLeverage<B extends BracketInput>(
  parameters: MaxNotionalForLeverageParameters<B>,
): MaxNotionalForLeverageReturnType {
  const p = toRecord(parameters, 'parameters')
  const parsed = parseBrackets(parameters.brackets)
  const l = toDecimal(p.leverage, 'leverage', 'positive')
  let best: Decimal | null = null
  for (const b of parsed) {
    if (b.leverage.gte(l) && (best === null || b.cap.gt(best))) best = b.cap
  }
  return best === null ? null : toDecimalString(best)
}
