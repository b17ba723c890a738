import { bracketIndexFor, type ParsedBracket, parseBrackets } from './internal/brackets.ts'
import { toDecimal, toDecimalString } from './internal/decimal.ts'
import type { BracketInput, Numeric } from './types.ts'

/**
 * Positional parameters of {@link maintenanceMargin}: the table and a notional.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const args: MaintenanceMarginParameters<LeverageBracket> = [brackets, '500000']
 * ```
 */
export type MaintenanceMarginParameters<B extends BracketInput = BracketInput> = [
  brackets: readonly B[],
  notional: Numeric,
]

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
 * @param brackets - the bracket table, ascending by notional (non-empty).
 * @param notional - position notional in the quote currency, `>= 0`.
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
 * maintenanceMargin(brackets, '500000') // '3700' (500,000 * 1 % - 1,300)
 * ```
 */
export function maintenanceMargin<B extends BracketInput>(
  brackets: readonly B[],
  notional: Numeric,
): MaintenanceMarginReturnType {
  const parsed = parseBrackets(brackets)
  const n = toDecimal(notional, 'notional', 'nonNegative')
  const b = parsed[bracketIndexFor(parsed, n)] as ParsedBracket<B>
  return toDecimalString(n.times(b.mmr).minus(b.cum))
}
