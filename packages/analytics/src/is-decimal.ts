import { AnalyticsInputError } from './errors.ts'
import { toDecimal, toRecord } from './internal/decimal.ts'

/**
 * Parameters of {@link isDecimal}.
 *
 * @example
 * ```ts
 * const p: IsDecimalParameters = { value: '-0.5' }
 * ```
 */
export interface IsDecimalParameters {
  /** Anything: a user's input, a field of an untrusted payload... */
  value: unknown
}

/**
 * What {@link isDecimal} returns: whether the value is a decimal input.
 *
 * @example
 * ```ts
 * const ok: IsDecimalReturnType = true
 * ```
 */
export type IsDecimalReturnType = boolean

/**
 * Whether a value is a decimal every function of the package accepts (a
 * {@link Numeric}): a decimal string with an optional minus, digits, an
 * optional fraction and an optional exponent, or a finite number. Surrounding
 * spaces, `'0x10'`, `'Infinity'` and `NaN` are not.
 *
 * @param parameters - `value`.
 * @returns `true` when `value` reads as a finite decimal.
 * @example
 * ```ts
 * import { isDecimal } from '@perpkit/analytics'
 *
 * isDecimal({ value: '-0.5' }) // true
 * isDecimal({ value: '1e-8' }) // true
 * isDecimal({ value: '1.2.3' }) // false
 * isDecimal({ value: Number.NaN }) // false
 * ```
 */
export function isDecimal(parameters: IsDecimalParameters): IsDecimalReturnType {
  const { value } = toRecord(parameters, 'parameters')
  try {
    toDecimal(value, 'value')
    return true
  } catch (error) {
    if (error instanceof AnalyticsInputError) return false
    throw error
  }
}
