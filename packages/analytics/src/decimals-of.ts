import { decimalPlaces, toDecimal, toRecord } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link decimalsOf}.
 *
 * @example
 * ```ts
 * const p: DecimalsOfParameters = { value: '0.010' }
 * ```
 */
export interface DecimalsOfParameters {
  /** A decimal, typically a tick or a step such as `Contract.pricePrecision`. */
  value: Numeric
}

/**
 * What {@link decimalsOf} returns: a count of decimal places, `>= 0`.
 *
 * @example
 * ```ts
 * const decimals: DecimalsOfReturnType = 2
 * ```
 */
export type DecimalsOfReturnType = number

/**
 * Number of decimal places of a value written without trailing zeros: the
 * decimals a price on a tick needs (`'0.1'` → 1, `'0.010'` → 2, `'1e-8'` → 8,
 * `'1'` and `'25'` → 0).
 *
 * @param parameters - `value`.
 * @returns the number of decimal places.
 * @throws {@link AnalyticsInputError} when `value` is not a decimal.
 * @example
 * ```ts
 * import { decimalsOf } from '@perpkit/analytics'
 *
 * decimalsOf({ value: '0.1' }) // 1
 * decimalsOf({ value: '0.010' }) // 2
 * decimalsOf({ value: '25' }) // 0
 * ```
 */
export function decimalsOf(parameters: DecimalsOfParameters): DecimalsOfReturnType {
  return decimalPlaces(toDecimal(toRecord(parameters, 'parameters').value, 'value'))
}
