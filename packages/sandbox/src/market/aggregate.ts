/**
 * Candles of any length from the path's days, hours and minutes: a range is
 * cut greedily into whole days, whole hours and single minutes, and those
 * are aggregated (open of the first, close of the last, max high, min low,
 * summed volume). A range that contains "now" ends with the partial minute.
 *
 * @module
 */
import { type Candle, extendCandle } from './candle.ts'
import { partialMinute } from './intra-minute.ts'
import { MINUTES_PER_DAY, MINUTES_PER_HOUR, type PricePath } from './price-path.ts'

/**
 * The aggregate of the whole minutes `[from, to)` (minutes since the epoch);
 * `undefined` if empty. May return a cached candle: copy before changing it.
 */
function aggregateMinutes(path: PricePath, from: number, to: number): Candle | undefined {
  let first: Candle | undefined
  let result: Candle | undefined
  let minute = from
  while (minute < to) {
    let part: Candle
    if (minute % MINUTES_PER_DAY === 0 && minute + MINUTES_PER_DAY <= to) {
      part = path.day(minute / MINUTES_PER_DAY)
      minute += MINUTES_PER_DAY
    } else if (minute % MINUTES_PER_HOUR === 0 && minute + MINUTES_PER_HOUR <= to) {
      part = path.hour(minute / MINUTES_PER_HOUR)
      minute += MINUTES_PER_HOUR
    } else {
      part = path.minute(minute)
      minute += 1
    }
    if (first === undefined) first = part
    else {
      result ??= { ...first }
      extendCandle(result, part)
    }
  }
  return result ?? first
}

/**
 * The candle of the minutes `[from, to)` as seen at second `nowSecond` (epoch
 * seconds): whole when it ended by then, partial when it is in progress,
 * `undefined` when it has not started.
 */
export function candleAsOf(
  path: PricePath,
  from: number,
  to: number,
  nowSecond: number,
): Candle | undefined {
  const nowMinute = Math.floor(nowSecond / 60)
  if (to <= nowMinute) return aggregateMinutes(path, from, to)
  if (from > nowMinute) return undefined
  const current = partialMinute(path.minuteShape(nowMinute), nowSecond - nowMinute * 60)
  const before = aggregateMinutes(path, from, nowMinute)
  if (before === undefined) return current
  const merged = { ...before }
  extendCandle(merged, current)
  return merged
}

/** The last trailing day each path served: details of every contract ask for it every request. */
const trailingDays = new WeakMap<PricePath, { from: number; candle: Candle | undefined }>()

/**
 * The candle of the 24 hours up to second `nowSecond` (epoch seconds), the
 * current minute partial: the same as `candleAsOf(path, minute - 1440,
 * minute + 1, nowSecond)`. Its whole minutes change once a minute, so they
 * are kept per path and only the current minute is computed on each call.
 */
export function trailingDayAsOf(path: PricePath, nowSecond: number): Candle {
  const nowMinute = Math.floor(nowSecond / 60)
  const from = nowMinute - MINUTES_PER_DAY
  let whole = trailingDays.get(path)
  if (whole?.from !== from) {
    whole = { from, candle: aggregateMinutes(path, from, nowMinute) }
    trailingDays.set(path, whole)
  }
  const current = partialMinute(path.minuteShape(nowMinute), nowSecond - nowMinute * 60)
  if (whole.candle === undefined) return current
  const merged = { ...whole.candle }
  extendCandle(merged, current)
  return merged
}
