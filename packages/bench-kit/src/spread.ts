import { median } from './median.ts'

/**
 * Samples of one measure over several runs, as every verdict table prints
 * them: the median, and the range the runs spanned.
 */
export interface Spread {
  median: number
  min: number
  max: number
  runs: number
}

/**
 * The median and range of `values`.
 *
 * @param values - One sample per run.
 * @returns Their spread; `NaN`s for no samples.
 * @example
 * ```ts
 * spreadOf([3, 1, 2]) // { median: 2, min: 1, max: 3, runs: 3 }
 * ```
 */
export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, runs: 0 }
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    runs: values.length,
  }
}

/**
 * A spread as a table cell: `1.23 (1.10–1.40)`.
 *
 * @param spread - The spread.
 * @param digits - Decimals shown.
 * @param unit - A unit after each number (e.g. `' ms'`).
 * @returns The cell.
 * @example
 * ```ts
 * formatSpread(spreadOf([1.1, 1.4, 1.23])) // '1.23 (1.10–1.40)'
 * ```
 */
export function formatSpread(spread: Spread, digits = 2, unit = ''): string {
  const f = (n: number) => `${n.toFixed(digits)}${unit}`
  return `${f(spread.median)} (${f(spread.min)}–${f(spread.max)})`
}

/**
 * CPU time this process has used, user and system, in microseconds: what
 * every verdict is judged by (wall time on a shared machine is noise).
 *
 * @returns Microseconds of CPU since the process started.
 * @example
 * ```ts
 * const before = cpuMicros()
 * JSON.parse('[1]')
 * const spent = cpuMicros() - before
 * ```
 */
export function cpuMicros(): number {
  const { user, system } = process.cpuUsage()
  return user + system
}
