import {
  roundToMultiple,
  toDecimal,
  toDecimalString,
  toRecord,
  toRoundingMode,
} from './internal/decimal.ts'
import type { Numeric, RoundingMode } from './types.ts'

/**
 * Parameters of {@link roundToStep}.
 *
 * @example
 * ```ts
 * const p: RoundToStepParameters = { value: '91719.85', step: '0.1', mode: 'floor' }
 * ```
 */
export interface RoundToStepParameters {
  /** The decimal to round. */
  value: Numeric
  /** A positive step: a price tick (`'0.1'`, `'0.5'`), a quantity step (`'1'`, `'0.001'`), `'25'`... */
  step: Numeric
  /**
   * How a value between two multiples is rounded.
   * @default 'half-up'
   */
  mode?: RoundingMode
}

/**
 * What {@link roundToStep} returns: a whole multiple of the step, as a plain
 * decimal string without trailing zeros.
 *
 * @example
 * ```ts
 * const price: RoundToStepReturnType = '91719.9'
 * ```
 */
export type RoundToStepReturnType = string

/**
 * Rounds a value to a whole multiple of a step: a price to the contract's
 * tick, a quantity to its volume step. Exact for any value and step (the
 * rounding is decided on the exact remainder, never on a rounded quotient).
 * The result follows the package convention (no trailing zeros); to show it
 * with the tick's decimals, use {@link formatToTick}.
 *
 * @param parameters - `value`, `step` and `mode` (default `'half-up'`: a tie away from zero).
 * @returns the rounded value as a plain decimal string.
 * @throws {@link AnalyticsInputError} when `value` is not a decimal, `step` is not
 *   positive or `mode` is not a {@link RoundingMode}.
 * @example
 * ```ts
 * import { roundToStep } from '@perpkit/analytics'
 *
 * roundToStep({ value: '91719.85', step: '0.1' }) // '91719.9'
 * roundToStep({ value: '100.26', step: '0.5' }) // '100.5'
 * roundToStep({ value: '137', step: '25' }) // '125'
 * roundToStep({ value: '1089.99', step: '1', mode: 'floor' }) // '1089'
 * roundToStep({ value: '-1.01', step: '1', mode: 'floor' }) // '-2'
 * ```
 */
export function roundToStep(parameters: RoundToStepParameters): RoundToStepReturnType {
  const p = toRecord(parameters, 'parameters')
  const value = toDecimal(p.value, 'value')
  const step = toDecimal(p.step, 'step', 'positive')
  const mode = p.mode === undefined ? 'half-up' : toRoundingMode(p.mode, 'mode')
  return toDecimalString(roundToMultiple(value, step, mode))
}
