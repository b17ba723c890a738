import {
  decimalPlaces,
  roundToMultiple,
  toDecimal,
  toFixedString,
  toRecord,
  toRoundingMode,
} from './internal/decimal.ts'
import type { Numeric, RoundingMode } from './types.ts'

/**
 * Parameters of {@link formatToTick}.
 *
 * @example
 * ```ts
 * const p: FormatToTickParameters = { value: '65000.06', tick: '0.1' }
 * ```
 */
export interface FormatToTickParameters {
  /** The decimal to write. */
  value: Numeric
  /** A positive tick (or step); the result has its decimals: `'0.1'` → 1, `'0.010'` → 2, `'25'` → 0. */
  tick: Numeric
  /**
   * How a value between two ticks is rounded.
   * @default 'half-up'
   */
  mode?: RoundingMode
}

/**
 * What {@link formatToTick} returns: a decimal string with exactly the tick's decimals.
 *
 * @example
 * ```ts
 * const text: FormatToTickReturnType = '65000.0'
 * ```
 */
export type FormatToTickReturnType = string

/**
 * Writes a value the way the market writes prices of a contract: rounded to
 * a whole multiple of the tick (see {@link roundToStep}) and written with
 * exactly the tick's decimals, trailing zeros included (`'65000.0'` for a
 * `'0.1'` tick), never in exponent notation and never as `-0`.
 *
 * For a number of decimals instead of a tick, pass the tick `` `1e-${decimals}` ``.
 *
 * @param parameters - `value`, `tick` and `mode` (default `'half-up'`: a tie away from zero).
 * @returns the value as a string with the tick's decimals.
 * @throws {@link AnalyticsInputError} when `value` is not a decimal, `tick` is not
 *   positive or `mode` is not a {@link RoundingMode}.
 * @example
 * ```ts
 * import { formatToTick } from '@perpkit/analytics'
 *
 * formatToTick({ value: '65000.06', tick: '0.1' }) // '65000.1'
 * formatToTick({ value: '65000', tick: '0.1' }) // '65000.0'
 * formatToTick({ value: '2596.9', tick: '0.01' }) // '2596.90'
 * formatToTick({ value: '0.12345', tick: '1e-3', mode: 'down' }) // '0.123'
 * ```
 */
export function formatToTick(parameters: FormatToTickParameters): FormatToTickReturnType {
  const p = toRecord(parameters, 'parameters')
  const value = toDecimal(p.value, 'value')
  const tick = toDecimal(p.tick, 'tick', 'positive')
  const mode = p.mode === undefined ? 'half-up' : toRoundingMode(p.mode, 'mode')
  return toFixedString(roundToMultiple(value, tick, mode), decimalPlaces(tick))
}
