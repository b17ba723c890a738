/**
 * Prices inside one minute: the path runs open -> first extreme -> second
 * extreme -> close, linearly between those points, on whole ticks. Trades
 * happen on this path, and the current (partial) minute is cut from it.
 *
 * @module
 */
import type { Candle } from './candle.ts'
import type { MinuteShape } from './price-path.ts'

function lerp(a: number, b: number, f: number): number {
  return Math.round(a + (b - a) * f)
}

/** The price in ticks at second `second` (0-60) of a minute; 60 is the close. */
export function priceAtSecond(shape: MinuteShape, second: number): number {
  const { candle, firstAt, secondAt, first, second: secondPrice } = shape
  if (second <= firstAt) return lerp(candle.open, first, second / firstAt)
  if (second <= secondAt) return lerp(first, secondPrice, (second - firstAt) / (secondAt - firstAt))
  return lerp(secondPrice, candle.close, (second - secondAt) / (60 - secondAt))
}

/**
 * The minute as seen during its second `second` (0-59): opened, traded up
 * to the price at that second, with the extremes reached so far and the
 * volume traded so far.
 */
export function partialMinute(shape: MinuteShape, second: number): Candle {
  const { candle, firstAt, secondAt, first, second: secondPrice } = shape
  const close = priceAtSecond(shape, second)
  let high = Math.max(candle.open, close)
  let low = Math.min(candle.open, close)
  if (firstAt <= second) {
    high = Math.max(high, first)
    low = Math.min(low, first)
  }
  if (secondAt <= second) {
    high = Math.max(high, secondPrice)
    low = Math.min(low, secondPrice)
  }
  return {
    open: candle.open,
    high,
    low,
    close,
    volume: Math.floor((candle.volume * (second + 1)) / 60),
  }
}
