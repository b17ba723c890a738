/**
 * The internal candle: prices in whole ticks, volume in whole contracts.
 *
 * @module
 */

/** OHLCV in whole ticks (prices) and whole contracts (volume). */
export interface Candle {
  open: number
  high: number
  low: number
  close: number
  volume: number
}

/** Reads child `index` of an expansion array (see `expandCandle`). */
export function readCandle(values: Float64Array, index: number): Candle {
  const at = index * 5
  return {
    open: values[at] as number,
    high: values[at + 1] as number,
    low: values[at + 2] as number,
    close: values[at + 3] as number,
    volume: values[at + 4] as number,
  }
}

/**
 * Appends `next` (the later candle) to `into` (the earlier run), in place:
 * open of the first, close of the last, max high, min low, summed volume.
 */
export function extendCandle(into: Candle, next: Candle): void {
  into.close = next.close
  if (next.high > into.high) into.high = next.high
  if (next.low < into.low) into.low = next.low
  into.volume += next.volume
}
