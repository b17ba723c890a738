import { toDecimal, toRecord } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link compareDecimals}.
 *
 * @example
 * ```ts
 * const p: CompareDecimalsParameters = { a: '1.10', b: '1.1' }
 * ```
 */
export interface CompareDecimalsParameters {
  /** The left-hand value. */
  a: Numeric
  /** The right-hand value. */
  b: Numeric
}

/**
 * What {@link compareDecimals} returns: `-1`, `0` or `1`.
 *
 * @example
 * ```ts
 * const order: CompareDecimalsReturnType = -1
 * ```
 */
export type CompareDecimalsReturnType = -1 | 0 | 1

/**
 * Compares two decimals exactly, whatever their notation and number of
 * digits (`'1.10'` equals `'1.1'` and `'11e-1'`). Usable as an
 * `Array.prototype.sort` comparator through `(a, b) => compareDecimals({ a, b })`;
 * compare with `0` for the sign of a value.
 *
 * @param parameters - `a` and `b`.
 * @returns `-1` when `a < b`, `0` when they are equal, `1` when `a > b`.
 * @throws {@link AnalyticsInputError} when `a` or `b` is not a decimal.
 * @example
 * ```ts
 * import { compareDecimals } from '@perpkit/analytics'
 *
 * compareDecimals({ a: '1.10', b: '1.1' }) // 0
 * compareDecimals({ a: '1.09', b: '1.1' }) // -1
 * compareDecimals({ a: '-0.0001', b: 0 }) // -1: a negative value
 * ```
 */
export function compareDecimals(parameters: CompareDecimalsParameters): CompareDecimalsReturnType {
  const p = toRecord(parameters, 'parameters')
  return toDecimal(p.a, 'a').cmp(toDecimal(p.b, 'b')) as CompareDecimalsReturnType
}
