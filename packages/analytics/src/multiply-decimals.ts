import { ONE, toArray, toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import { multiplyScaled } from './internal/scaled.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link multiplyDecimals}.
 *
 * @example
 * ```ts
 * const p: MultiplyDecimalsParameters = { values: ['65000.1', '0.002'] }
 * ```
 */
export interface MultiplyDecimalsParameters {
  /** The factors (any number of them; none multiplies to `'1'`). */
  values: readonly Numeric[]
}

/**
 * What {@link multiplyDecimals} returns: a plain decimal string.
 *
 * @example
 * ```ts
 * const product: MultiplyDecimalsReturnType = '130.0002'
 * ```
 */
export type MultiplyDecimalsReturnType = string

/**
 * Exact product of decimals, every digit kept: a quantity times a contract
 * size times a price is the exact notional.
 *
 * @param parameters - `values`, the factors.
 * @returns the product as a plain decimal string.
 * @throws {@link AnalyticsInputError} when `values` is not an array or a factor is not a decimal.
 * @example
 * ```ts
 * import { multiplyDecimals } from '@perpkit/analytics'
 *
 * multiplyDecimals({ values: ['65000.1', '0.002'] }) // '130.0002'
 * multiplyDecimals({ values: ['12', '0.001', '95000.5'] }) // '1140.006'
 * ```
 */
export function multiplyDecimals(
  parameters: MultiplyDecimalsParameters,
): MultiplyDecimalsReturnType {
  const values = toArray<unknown>(toRecord(parameters, 'parameters').values, 'values')
  const fast = multiplyScaled(values)
  if (fast !== undefined) return fast
  let product = ONE
  for (let i = 0; i < values.length; i++) {
    product = product.times(toDecimal(values[i], `values[${i}]`))
  }
  return toDecimalString(product)
}
