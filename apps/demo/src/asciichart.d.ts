/**
 * Types of the parts of `asciichart` (1.5) the demo uses; the package ships none.
 * Its CommonJS exports are detected by Node, so named imports work.
 */
declare module 'asciichart' {
  /** Options of {@link plot}. */
  export interface PlotConfig {
    /** Lines of the chart above the lowest row. */
    height?: number
    /** Lower bound of the y axis (defaults to the smallest value). */
    min?: number
    /** Upper bound of the y axis (defaults to the largest value). */
    max?: number
    /** Columns left of the axis for the labels. @default 3 */
    offset?: number
    /** Padding of the default label format. */
    padding?: string
    /** ANSI colour codes, one per series. */
    colors?: string[]
    /** Formats a y-axis label. */
    format?: (value: number, row: number) => string
  }

  /**
   * Plots one series (or several) as a line chart of box-drawing characters.
   *
   * @returns The chart, rows joined by `\n`.
   */
  export function plot(
    series: readonly number[] | readonly (readonly number[])[],
    config?: PlotConfig,
  ): string

  /** ANSI code for cyan. */
  export const cyan: string
}
