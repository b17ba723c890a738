import { bracketIndexFor, type ParsedBracket, parseBrackets } from './internal/brackets.ts'
import { toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { BracketInput, Numeric } from './types.ts'

/**
 * Parameters of {@link maintenanceMargin}: a bracket table (ascending, as
 * `getLeverageBrackets` returns it) and a position notional in the quote currency.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const p: MaintenanceMarginParameters<LeverageBracket> = { brackets, notional: '500000' }
 * ```
 */
export interface MaintenanceMarginParameters<B extends BracketInput = BracketInput> {
  /** The bracket table, ascending by notional (non-empty). */
  brackets: readonly B[]
  /** Position notional in the quote currency, `>= 0`. */
  notional: Numeric
}

/**
 * What {@link maintenanceMargin} returns: a decimal string in the quote currency.
 *
 * @example
 * ```ts
 * const mm: MaintenanceMarginReturnType = '3700'
 * ```
 */
export type MaintenanceMarginReturnType = string

/**
 * Maintenance margin of a position: `N * maintMarginRatio - cum` of the
 * bracket that holds the notional (see {@link findBracket}). With a
 * consistent `cum` column the result is continuous across bracket
 * boundaries and increasing in `N`.
 *
 * @param parameters - `brackets` (ascending by notional, non-empty) and `notional` (`>= 0`).
 * @returns the maintenance margin as a plain decimal string.
 * @throws {@link AnalyticsInputError} when the table is empty, unsorted or holds a
 *   bad decimal, or the notional is negative or not a decimal.
 * @example
 * ```ts
 * import { maintenanceMargin } from '@perpkit/analytics'
 *
 * const brackets = [
 *   { initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000, maintMarginRatio: '0.004', cum: 0 },
 *   { initialLeverage: 100, notionalFloor: 50_000, notionalCap: 250_000, maintMarginRatio: '0.005', cum: 50 },
 *   { initialLeverage: 50, notionalFloor: 250_000, notionalCap: 1_000_000, maintMarginRatio: '0.01', cum: 1_300 },
 * ]
 * maintenanceMargin({ brackets, notional: '500000' }) // '3700' (500,000 * 1 % - 1,300)
 * ```
 */
export function maintenanceMargin<B extends BracketInput>(
  parameters: MaintenanceMarginParameters<B>,
): MaintenanceMarginReturnType {
  const p = toRecord(parameters, 'parameters')
  const parsed = parseBrackets(parameters.brackets)
  const n = toDecimal(p.notional, 'notional', 'nonNegative')
  const b = parsed[bracketIndexFor(parsed, n)] as ParsedBracket<B>
  return toDecimalString(n.times(b.mmr).minus(b.cum))
}
