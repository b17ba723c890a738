import { AnalyticsInputError } from './errors.ts'
import {
  roundedDivision,
  toDecimal,
  toDecimalString,
  toRecord,
  toRoundingMode,
} from './internal/decimal.ts'
import { divideScaled } from './internal/scaled.ts'
import type { Numeric, RoundingMode } from './types.ts'

/**
 * Parameters of {@link divideDecimals}: `a / b`.
 *
 * @example
 * ```ts
 * const p: DivideDecimalsParameters = { a: '1', b: '3', decimals: 4 }
 * ```
 */
export interface DivideDecimalsParameters {
  /** The dividend. */
  a: Numeric
  /** The divisor, not zero. */
  b: Numeric
  /**
   * Decimal places the quotient is carried to when it does not terminate
   * (an integer from 0 to 1,000).
   * @default 18
   */
  decimals?: number
  /**
   * How the last kept decimal is rounded.
   * @default 'half-up'
   */
  mode?: RoundingMode
}

/**
 * What {@link divideDecimals} returns: a plain decimal string.
 *
 * @example
 * ```ts
 * const quotient: DivideDecimalsReturnType = '0.3333'
 * ```
 */
export type DivideDecimalsReturnType = string

/**
 * Quotient `a / b` of two decimals, carried to `decimals` places (18 by
 * default, like every division of the package) and rounded by `mode`. The
 * rounding is decided on the exact remainder, so `'floor'` and `'ceil'` are
 * exact bounds. Written without trailing zeros.
 *
 * @param parameters - `a`, `b`, `decimals` (default 18) and `mode` (default `'half-up'`).
 * @returns the quotient as a plain decimal string.
 * @throws {@link AnalyticsInputError} when `a` or `b` is not a decimal, `b` is
 *   zero, `decimals` is not an integer from 0 to 1,000 or `mode` is not a
 *   {@link RoundingMode}.
 * @example
 * ```ts
 * import { divideDecimals } from '@perpkit/analytics'
 *
 * divideDecimals({ a: '1', b: '8' }) // '0.125'
 * divideDecimals({ a: '2', b: '3', decimals: 4 }) // '0.6667'
 * divideDecimals({ a: '2', b: '3', decimals: 4, mode: 'down' }) // '0.6666'
 * divideDecimals({ a: '100000', b: '91.7716', decimals: 0, mode: 'floor' }) // '1089'
 * ```
 */
export function divideDecimals(parameters: DivideDecimalsParameters): DivideDecimalsReturnType {
  const p = toRecord(parameters, 'parameters')
  const decimals = p.decimals ?? 18
  if (
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 1000
  ) {
    throw new AnalyticsInputError('decimals', 'must be an integer from 0 to 1000', decimals)
  }
  const mode = p.mode === undefined ? 'half-up' : toRoundingMode(p.mode, 'mode')
  return divideScaled(p.a, p.b, decimals, mode) ?? exact(p.a, p.b, decimals, mode)
}

/** The general path: any notation, any magnitude; validates `a` and `b`. */
function exact(aValue: unknown, bValue: unknown, decimals: number, mode: RoundingMode): string {
  const a = toDecimal(aValue, 'a')
  const b = toDecimal(bValue, 'b')
  if (b.c[0] === 0) throw new AnalyticsInputError('b', 'must be a non-zero decimal', bValue)
  return toDecimalString(roundedDivision(a, b, decimals, mode))
}
