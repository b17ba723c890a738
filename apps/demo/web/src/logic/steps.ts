/**
 * The candle steps the chart offers and the time ranges it loads.
 *
 * @module
 */
import { KLINE_STEP_ALIASES, MAX_KLINES_PER_REQUEST } from '@perpkit/schemas/lite'

/** The step switcher's choices, 1 minute to 1 week. */
export const CHART_STEPS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const

/** A step of the switcher. */
export type ChartStep = (typeof CHART_STEPS)[number]

/** Candles the chart opens with: one request's worth. */
const INITIAL_CANDLES = 300

/** Windows of {@link MAX_KLINES_PER_REQUEST} candles a backfill fetches. */
const BACKFILL_WINDOWS = 6

/**
 * Milliseconds of one candle.
 *
 * @param step - A step of the switcher.
 * @returns e.g. `3_600_000` for `'1h'`.
 */
export function stepMillis(step: ChartStep): number {
  return KLINE_STEP_ALIASES[step] * 60_000
}

/**
 * The range of the chart's first load: the last {@link INITIAL_CANDLES}
 * candles up to `now`.
 *
 * @param step - The step.
 * @param now - The clock, epoch ms.
 * @returns `{ startTime, endTime }` in epoch ms.
 */
export function initialRange(step: ChartStep, now: number): { startTime: number; endTime: number } {
  return { startTime: now - (INITIAL_CANDLES - 1) * stepMillis(step), endTime: now }
}

/**
 * The range a backfill loads: {@link BACKFILL_WINDOWS} full windows of
 * candles before the oldest one shown, up to `now`.
 *
 * @param step - The step.
 * @param oldest - Open time of the oldest candle shown (or `now` with none).
 * @param now - The clock, epoch ms.
 * @returns `{ startTime, endTime }` in epoch ms.
 */
export function backfillRange(
  step: ChartStep,
  oldest: number,
  now: number,
): { startTime: number; endTime: number } {
  const span = BACKFILL_WINDOWS * MAX_KLINES_PER_REQUEST * stepMillis(step)
  return { startTime: Math.min(oldest, now) - span, endTime: now }
}

/**
 * Merges fresh candles into a series: same open time replaces, newer ones
 * append; the result stays ascending with each open time once.
 *
 * @param series - The candles shown, ascending.
 * @param fresh - Newer candles, ascending.
 * @returns A new array.
 */
export function mergeCandles<T extends { timestamp: number }>(
  series: readonly T[],
  fresh: readonly T[],
): T[] {
  const byTime = new Map<number, T>()
  for (const candle of series) byTime.set(candle.timestamp, candle)
  for (const candle of fresh) byTime.set(candle.timestamp, candle)
  return [...byTime.values()].sort((a, b) => a.timestamp - b.timestamp)
}
