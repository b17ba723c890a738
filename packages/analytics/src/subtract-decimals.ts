import { toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link subtractDecimals}: `a - b`.
 *
 * @example
 * ```ts
 * const p: SubtractDecimalsParameters = { a: '0.1', b: '0.3' }
 * ```
 */
export interface SubtractDecimalsParameters {
  /** The value to subtract from. */
  a: Numeric
  /** The value subtracted. */
  b: Numeric
}

/**
 * What {@link subtractDecimals} returns: a plain decimal string.
 *
 * @example
 * ```ts
 * const difference: SubtractDecimalsReturnType = '-0.2'
 * ```
 */
export type SubtractDecimalsReturnType = string

/**
 * Exact difference `a - b` of two decimals.
 *
 * @param parameters - `a` and `b`.
 * @returns `a - b` as a plain decimal string.
 * @throws {@link AnalyticsInputError} when `a` or `b` is not a decimal.
 * @example
 * ```ts
 * import { subtractDecimals } from '@perpkit/analytics'
 *
 * subtractDecimals({ a: '0.1', b: '0.3' }) // '-0.2'
 * subtractDecimals({ a: '65000.1', b: '64999.95' }) // '0.15'
 * ```
 */
export function subtractDecimals(
  parameters: SubtractDecimalsParameters,
): SubtractDecimalsReturnType {
  const p = toRecord(parameters, 'parameters')
  return toDecimalString(toDecimal(p.a, 'a').minus(toDecimal(p.b, 'b')))
}
