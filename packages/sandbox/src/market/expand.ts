/**
 * Top-down refinement of one candle into `n` child candles that aggregate
 * back to it exactly: the first child opens at the parent's open, each child
 * opens at the previous child's close, the last closes at the parent's close,
 * the highest child high is the parent's high, the lowest child low its low,
 * and the child volumes sum to the parent's volume.
 *
 * @module
 */
import type { Candle } from './candle.ts'
import { Stream } from './hash.ts'

/** Fields per child in an expansion array: open, high, low, close, volume. */
export const FIELDS = 5

/**
 * Splits `parent` into `n` children, deterministically from `seed`.
 *
 * @returns A flat array: child `i` is at `[i * FIELDS, i * FIELDS + 5)` as open, high, low, close, volume.
 */
export function expandCandle(parent: Candle, n: number, seed: number): Float64Array {
  const stream = new Stream(seed)
  const { high, low, volume } = parent
  const range = high - low
  const bounds = bridge(parent, n, stream)
  const out = new Float64Array(n * FIELDS)
  const wick = (range / Math.sqrt(n)) * 0.35
  let highest = 0
  let lowest = 0
  let topMax = Number.NEGATIVE_INFINITY
  let bottomMin = Number.POSITIVE_INFINITY
  for (let i = 0; i < n; i++) {
    const o = bounds[i] as number
    const c = bounds[i + 1] as number
    const top = Math.max(o, c)
    const bottom = Math.min(o, c)
    const at = i * FIELDS
    out[at] = o
    out[at + 1] = Math.min(high, top + Math.floor(stream.next() * wick))
    out[at + 2] = Math.max(low, bottom - Math.floor(stream.next() * wick))
    out[at + 3] = c
    if (top > topMax) {
      topMax = top
      highest = i
    }
    if (bottom < bottomMin) {
      bottomMin = bottom
      lowest = i
    }
  }
  // The parent's extremes happen in the children whose own path comes closest to them.
  out[highest * FIELDS + 1] = high
  out[lowest * FIELDS + 2] = low
  splitVolume(out, n, volume, stream)
  return out
}

/**
 * Child boundary prices: a Brownian bridge from open to close, scaled down
 * where needed so that every boundary stays inside [low, high], on whole ticks.
 */
function bridge(parent: Candle, n: number, stream: Stream): Float64Array {
  const { open, high, low, close } = parent
  const walk = new Float64Array(n + 1)
  for (let i = 1; i <= n; i++) walk[i] = (walk[i - 1] as number) + stream.gaussian()
  const end = walk[n] as number
  const scale = (high - low) / (1.2 * Math.sqrt(n))
  const base = new Float64Array(n + 1)
  const deviation = new Float64Array(n + 1)
  let fit = 1
  for (let i = 1; i < n; i++) {
    const b = open + ((close - open) * i) / n
    const d = scale * ((walk[i] as number) - (end * i) / n)
    base[i] = b
    deviation[i] = d
    if (d > 0) fit = Math.min(fit, (0.9 * (high - b)) / d)
    else if (d < 0) fit = Math.min(fit, (0.9 * (b - low)) / -d)
  }
  const bounds = new Float64Array(n + 1)
  bounds[0] = open
  bounds[n] = close
  for (let i = 1; i < n; i++) {
    const value = Math.round((base[i] as number) + fit * (deviation[i] as number))
    bounds[i] = Math.min(high, Math.max(low, value))
  }
  return bounds
}

/** Splits a whole volume into `n` whole, random-weighted parts that sum to it exactly. */
function splitVolume(out: Float64Array, n: number, volume: number, stream: Stream): void {
  const weights = new Float64Array(n)
  let total = 0
  for (let i = 0; i < n; i++) {
    const w = 0.3 + 1.4 * stream.next()
    weights[i] = w
    total += w
  }
  let assigned = 0
  for (let i = 0; i < n; i++) {
    const part = Math.floor((volume * (weights[i] as number)) / total)
    out[i * FIELDS + 4] = part
    assigned += part
  }
  for (let i = 0; assigned < volume; i++, assigned++) {
    const at = (i % n) * FIELDS + 4
    out[at] = (out[at] as number) + 1
  }
}
