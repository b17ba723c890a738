import { toArray, toDecimal, toDecimalString, toRecord, ZERO } from './internal/decimal.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link addDecimals}.
 *
 * @example
 * ```ts
 * const p: AddDecimalsParameters = { values: ['0.1', '0.2'] }
 * ```
 */
export interface AddDecimalsParameters {
  /** The terms (any number of them; none sums to `'0'`). */
  values: readonly Numeric[]
}

/**
 * What {@link addDecimals} returns: a plain decimal string.
 *
 * @example
 * ```ts
 * const sum: AddDecimalsReturnType = '0.3'
 * ```
 */
export type AddDecimalsReturnType = string

/**
 * Exact sum of decimals: `0.1 + 0.2` is `'0.3'`, whatever the digits.
 *
 * @param parameters - `values`, the terms.
 * @returns the sum as a plain decimal string.
 * @throws {@link AnalyticsInputError} when `values` is not an array or a term is not a decimal.
 * @example
 * ```ts
 * import { addDecimals } from '@perpkit/analytics'
 *
 * addDecimals({ values: ['0.1', '0.2'] }) // '0.3'
 * addDecimals({ values: ['17001638.969219870023882296', '-0.000000000000000000000001'] })
 * // '17001638.969219870023882295999999'
 * ```
 */
export function addDecimals(parameters: AddDecimalsParameters): AddDecimalsReturnType {
  const values = toArray<unknown>(toRecord(parameters, 'parameters').values, 'values')
  let sum = ZERO
  for (let i = 0; i < values.length; i++) sum = sum.plus(toDecimal(values[i], `values[${i}]`))
  return toDecimalString(sum)
}
