/**
 * Price and size grids: a tick such as `'0.1'` or a size step such as `'1'`,
 * and fast formatting of whole numbers of ticks or steps as decimal strings.
 *
 * @module
 */
import { parseDecimal } from './decimal.ts'

/** A grid `step = units * 10^-scale`; values on it are whole multiples of the step. */
export interface Grid {
  /** The step as written, e.g. `'0.1'`. */
  text: string
  units: number
  scale: number
}

/** Reads a grid step such as `'0.001'` or `'0.5'`. */
export function toGrid(text: string): Grid {
  const { units, scale } = parseDecimal(text)
  if (units <= 0n) throw new RangeError(`a grid step must be positive, got ${text}`)
  return { text, units: Number(units), scale }
}

/** Writes a non-negative integer `value * 10^-scale` with exactly `scale` decimals. */
export function formatUnits(value: number, scale: number): string {
  const digits = String(value)
  if (scale === 0) return digits
  const padded = digits.length > scale ? digits : digits.padStart(scale + 1, '0')
  return `${padded.slice(0, -scale)}.${padded.slice(-scale)}`
}

/** Writes `count` whole steps of a grid, e.g. 650001 ticks of `'0.1'` as `'65000.1'`. */
export function formatOnGrid(count: number, grid: Grid): string {
  return formatUnits(count * grid.units, grid.scale)
}

/** The nearest whole number of steps to a plain number (for base prices given as decimals). */
export function stepsOf(value: number, grid: Grid): number {
  return Math.max(1, Math.round((value * 10 ** grid.scale) / grid.units))
}
