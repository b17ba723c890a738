/**
 * One deterministic price path, built top-down so that any minute, hour or
 * day is computable on its own:
 *
 * - day boundaries come from multi-scale value noise over days (closed form,
 *   about a dozen hashes per day), so a day candle costs O(1);
 * - a day is refined into 24 hour candles, an hour into 60 minute candles
 *   (`expandCandle`), each refinement aggregating back to its parent exactly;
 * - within a minute the price moves through open, the high and the low (in
 *   an order drawn per minute) and the close, linearly between them.
 *
 * Refinements are cached (bounded), so consecutive windows are cheap.
 *
 * @module
 */
import type { Candle } from './candle.ts'
import { readCandle } from './candle.ts'
import { expandCandle } from './expand.ts'
import { hash2, hash3, hash4, hashString, Stream, signedUnit, unit } from './hash.ts'

/** Minutes in an hour and in a day. */
export const MINUTES_PER_HOUR = 60
export const MINUTES_PER_DAY = 1440

/** Noise octaves over days: knots every 1, 2, 4, ... 256 days. */
const OCTAVES = 9
const AMPLITUDES = Array.from({ length: OCTAVES }, (_, k) => 0.02 * Math.sqrt(2 ** k))
/** Largest log distance from the base price (a soft clamp keeps the path believable). */
const LOG_LIMIT = 1.1
/** Typical wick of a day beyond its open and close, as a fraction of price. */
const DAY_WICK = 0.012
const CACHE_LIMIT = 4096
/** Day candles kept per path: about 55 years of days, a few MB at most. */
const DAY_CACHE_LIMIT = 20_000

const NOISE = 1
const DAY = 2
const HOUR = 3
const SECONDS = 4

/** The shape of a minute's path: when the high and the low are reached. */
export interface MinuteShape {
  candle: Candle
  /** Second (1-58) of the first extreme and of the second one. */
  firstAt: number
  secondAt: number
  /** Price of the first and second extreme (the high and the low, in the drawn order). */
  first: number
  second: number
}

/** A deterministic price path with its own refinement cache. */
export class PricePath {
  private readonly key: number
  private readonly cache = new Map<number, Float64Array>()
  private readonly days = new Map<number, Candle>()

  /**
   * @param seed - Hash of the sandbox seed.
   * @param pathKey - Identity of the underlying (contracts sharing it share prices).
   * @param baseTicks - Typical price in ticks.
   * @param dailyVolume - Typical contracts per day.
   */
  constructor(
    seed: number,
    pathKey: string,
    private readonly baseTicks: number,
    private readonly dailyVolume: number,
  ) {
    this.key = hash2(seed, hashString(pathKey))
  }

  /** Price in ticks at the start of day `day` (days since the epoch). */
  boundary(day: number): number {
    let log = 0
    for (let k = 0; k < OCTAVES; k++) {
      const span = 2 ** k
      const i = Math.floor(day / span)
      const f = (day - i * span) / span
      const a = signedUnit(hash4(this.key, NOISE, k, i))
      const b = signedUnit(hash4(this.key, NOISE, k, i + 1))
      log += (AMPLITUDES[k] as number) * (a + (b - a) * f)
    }
    const clamped = LOG_LIMIT * Math.tanh(log / LOG_LIMIT)
    return Math.max(1, Math.round(this.baseTicks * Math.exp(clamped)))
  }

  /** The candle of day `day` (days since the epoch); treat it as read-only (it is cached). */
  day(day: number): Candle {
    const cached = this.days.get(day)
    if (cached !== undefined) return cached
    if (this.days.size >= DAY_CACHE_LIMIT) this.days.clear()
    const candle = this.computeDay(day)
    this.days.set(day, candle)
    return candle
  }

  private computeDay(day: number): Candle {
    const open = this.boundary(day)
    const close = this.boundary(day + 1)
    const stream = new Stream(hash3(this.key, DAY, day))
    const mid = (open + close) / 2
    const up = Math.round(mid * DAY_WICK * (0.15 + stream.next()))
    const down = Math.round(mid * DAY_WICK * (0.15 + stream.next()))
    return {
      open,
      close,
      high: Math.max(open, close) + up,
      low: Math.max(1, Math.min(open, close) - down),
      volume: Math.round(this.dailyVolume * (0.6 + 0.8 * stream.next())),
    }
  }

  /** The candle of hour `hour` (hours since the epoch). */
  hour(hour: number): Candle {
    const day = Math.floor(hour / 24)
    return readCandle(this.hoursOf(day), hour - day * 24)
  }

  /** The candle of minute `minute` (minutes since the epoch). */
  minute(minute: number): Candle {
    const hour = Math.floor(minute / MINUTES_PER_HOUR)
    return readCandle(this.minutesOf(hour), minute - hour * MINUTES_PER_HOUR)
  }

  /** The candle of minute `minute` with the times and order of its extremes. */
  minuteShape(minute: number): MinuteShape {
    const candle = this.minute(minute)
    const h = hash3(this.key, SECONDS, minute)
    const firstAt = 1 + (h % 28)
    const secondAt = 31 + ((h >>> 8) % 28)
    // Rising minutes tend to make their low first, falling ones their high.
    const bias = candle.close > candle.open ? 0.3 : candle.close < candle.open ? 0.7 : 0.5
    const highFirst = unit(hash2(h, SECONDS)) < bias
    return {
      candle,
      firstAt,
      secondAt,
      first: highFirst ? candle.high : candle.low,
      second: highFirst ? candle.low : candle.high,
    }
  }

  private hoursOf(day: number): Float64Array {
    const cacheKey = day * 2
    return (
      this.cached(cacheKey) ??
      this.store(cacheKey, expandCandle(this.day(day), 24, hash3(this.key, HOUR, day)))
    )
  }

  private minutesOf(hour: number): Float64Array {
    const cacheKey = hour * 2 + 1
    return (
      this.cached(cacheKey) ??
      this.store(
        cacheKey,
        expandCandle(this.hour(hour), MINUTES_PER_HOUR, hash3(this.key, HOUR + 8, hour)),
      )
    )
  }

  private cached(cacheKey: number): Float64Array | undefined {
    return this.cache.get(cacheKey)
  }

  private store(cacheKey: number, values: Float64Array): Float64Array {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next()
      if (oldest.done !== true) this.cache.delete(oldest.value)
    }
    this.cache.set(cacheKey, values)
    return values
  }
}
