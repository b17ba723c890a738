import { AnalyticsInputError } from './errors.ts'
import { decimalPlaces, toDecimal, toFixedString, toRecord } from './internal/decimal.ts'
import { EXACT_LIMIT, formatFixed, lastRead, readScaled } from './internal/scaled.ts'
import type { Numeric } from './types.ts'

/**
 * Parameters of {@link formatStepCount}.
 *
 * @example
 * ```ts
 * const p: FormatStepCountParameters = { count: 650001, step: '0.1' }
 * ```
 */
export interface FormatStepCountParameters {
  /** A whole number of steps (e.g. a price in ticks); may be negative. */
  count: Numeric
  /** The step (a tick such as `'0.1'`, a quantity step such as `'1'`), `> 0`. */
  step: Numeric
}

/**
 * What {@link formatStepCount} returns: a decimal string with the step's decimals.
 *
 * @example
 * ```ts
 * const price: FormatStepCountReturnType = '65000.1'
 * ```
 */
export type FormatStepCountReturnType = string

/**
 * Writes a whole number of steps as a decimal string with exactly the step's
 * decimals: `650001` ticks of `'0.1'` is `'65000.1'`, `650000` is `'65000.0'`
 * (as {@link formatToTick} writes it). For prices and sizes kept as integer
 * counts of ticks and steps, e.g. in an order-book engine or a chart.
 *
 * Fast: a safe-integer count and a plain step whose product stays below
 * 2^53 are written from integer arithmetic on numbers, without a big.js
 * object; anything else takes the exact big.js path, with the same result.
 *
 * @param parameters - `count` and `step`.
 * @returns `count * step` with the step's decimals.
 * @throws {@link AnalyticsInputError} when `count` is not a whole number or
 *   `step` is not a positive decimal.
 * @example
 * ```ts
 * import { formatStepCount } from '@perpkit/analytics'
 *
 * formatStepCount({ count: 650001, step: '0.1' }) // '65000.1'
 * formatStepCount({ count: 650000, step: '0.1' }) // '65000.0'
 * formatStepCount({ count: 3, step: '0.25' }) // '0.75'
 * formatStepCount({ count: -12, step: '1' }) // '-12'
 * ```
 */
export function formatStepCount(parameters: FormatStepCountParameters): FormatStepCountReturnType {
  const { count, step } = toRecord(parameters, 'parameters')
  if (typeof count === 'number' && Number.isSafeInteger(count)) {
    const grid = gridOf(step)
    if (grid !== undefined) {
      const magnitude = (count < 0 ? -count : count) * grid.units
      if (magnitude < EXACT_LIMIT) {
        const text = formatFixed(magnitude, grid.scale)
        return count < 0 ? `-${text}` : text
      }
    }
  }
  return formatExact(count, step)
}

/** A step read as a normalized scaled integer: `'0.10'` is 1 unit at scale 1. */
interface Grid {
  step: unknown
  units: number
  scale: number
}

// The last two steps read (a price tick and a quantity step, as a book or a
// candle list alternates them): reading a step costs more than the rest.
let recent: Grid | undefined
let previous: Grid | undefined

/** The scaled integer of a plain positive step, or `undefined` (then the big.js path). */
function gridOf(step: unknown): Grid | undefined {
  if (recent?.step === step) return recent
  if (previous?.step === step) {
    const hit = previous
    previous = recent
    recent = hit
    return hit
  }
  let units = readScaled(step)
  if (units <= 0) return undefined
  let scale = lastRead.scale
  while (scale > 0 && units % 10 === 0) {
    units /= 10
    scale--
  }
  previous = recent
  recent = { step, units, scale }
  return recent
}

/** The general path: any notation, any magnitude; validates. */
function formatExact(count: unknown, step: unknown): string {
  const n = toDecimal(count, 'count')
  if (!n.round(0, 0).eq(n)) throw new AnalyticsInputError('count', 'must be a whole number', count)
  const s = toDecimal(step, 'step', 'positive')
  return toFixedString(n.times(s), decimalPlaces(s))
}
