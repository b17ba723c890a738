/**
 * A small text chart of the last candles' closes, drawn by `asciichart`.
 *
 * @module
 */
import { decimalsOf } from '@perpkit/analytics'
import type { Kline } from '@perpkit/schemas'
import { cyan, plot } from 'asciichart'
import { formatDateTime, groupThousands } from './format.ts'
import type { Style } from './style.ts'

/** Rows of the chart. */
const CHART_HEIGHT = 8

/**
 * Draws the closes of candles, oldest on the left, with y labels rounded to
 * the tick and the open times (UTC) of the first and last candles below.
 *
 * @param candles - Oldest first.
 * @param tickSize - The contract's tick, for the labels.
 * @param style - The paints (the line is cyan when colours are on).
 * @returns The lines of the chart; one line saying so when there are no candles.
 */
export function renderChart(candles: readonly Kline[], tickSize: string, style: Style): string[] {
  if (candles.length === 0) return [style.dim('no candles in this period')]
  // Floats only to place points on a grid of characters: every label below is
  // re-rounded to the tick, and no number of the chart is printed elsewhere.
  const closes = candles.map((candle) => Number(candle.closePrice))
  const decimals = decimalsOf({ value: tickSize })
  const label = (value: number) => groupThousands(value.toFixed(decimals))
  const width = Math.max(...closes.map((close) => label(close).length))
  const chart = plot(closes.length === 1 ? [...closes, ...closes] : closes, {
    height: CHART_HEIGHT,
    offset: 2,
    format: (value) => ` ${label(value).padStart(width)} `,
    ...(style.enabled ? { colors: [cyan] } : {}),
  })
  const first = formatDateTime(candles[0]?.timestamp ?? 0).slice(5, 16)
  const last = formatDateTime(candles.at(-1)?.timestamp ?? 0).slice(11, 16)
  const gap = ' '.repeat(Math.max(1, candles.length - first.length - last.length))
  const axis = `${' '.repeat(width + 3)}${first}${gap}${last}`
  return [...chart.split('\n').map((line) => line.trimEnd()), style.dim(axis)]
}
