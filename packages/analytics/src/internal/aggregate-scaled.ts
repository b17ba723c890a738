/**
 * The fast path of `aggregateDepth`, on the scaled integers of `scaled.ts`:
 * every value is kept below 2^53, and whenever that cannot be promised the
 * caller falls back to big.js.
 */
import type { BookLevel } from '../types.ts'
import { EXACT_LIMIT, formatPlain, lastRead, POW10, readScaled } from './scaled.ts'

// Scratch buffers reused across calls (the function is synchronous).
let bucketKey = new Float64Array(256)
let bucketQty = new Float64Array(256)
// Index of the one level a bucket holds (its strings may be reused), or -1 once merged.
let bucketSource = new Int32Array(256)
// That level's price and quantity scales, and 1 when its price is the bucket price itself.
let bucketPriceScale = new Uint8Array(256)
let bucketQtyScale = new Uint8Array(256)
let bucketOnGrid = new Uint8Array(256)

function ensureCapacity(n: number): void {
  if (bucketKey.length >= n) return
  const size = Math.max(n, bucketKey.length * 2)
  bucketKey = new Float64Array(size)
  bucketQty = new Float64Array(size)
  bucketSource = new Int32Array(size)
  bucketPriceScale = new Uint8Array(size)
  bucketQtyScale = new Uint8Array(size)
  bucketOnGrid = new Uint8Array(size)
}

/**
 * Whether a plain decimal string read by {@link readScaled} is already in the
 * form {@link formatPlain} prints: no leading zero before other integer
 * digits, no leading dot, no trailing fractional zero or dot.
 */
function isCanonical(s: string, scale: number): boolean {
  const first = s.charCodeAt(0)
  if (first === 46 || (first === 48 && s.length > 1 && s.charCodeAt(1) !== 46)) return false
  const last = s.charCodeAt(s.length - 1)
  return scale > 0 ? last !== 48 : last !== 46
}

/**
 * The fast path of `aggregateDepth`: exact scaled-integer bucketing of
 * best-first levels, in one pass. Prices (and the step) share one scale and
 * quantities another; when a level brings more decimals, the buckets so far
 * are rescaled (a multiplication by a power of ten, exact below 2^53).
 * Returns `undefined` whenever it cannot promise an exact answer (an unusual
 * number format, a value past 2^53, levels not best first, or any invalid
 * input): the caller then runs the big.js path, which also produces the
 * input errors.
 */
export function aggregateScaled(
  levels: readonly unknown[],
  step: unknown,
  bid: boolean,
): BookLevel[] | undefined {
  let stepInt = readScaled(step)
  if (stepInt <= 0) return undefined
  let priceScale = lastRead.scale
  let qtyScale = 0
  const n = levels.length
  ensureCapacity(n)
  let count = 0
  let lastKey = 0
  for (let i = 0; i < n; i++) {
    const level = levels[i] as { price?: unknown; qty?: unknown } | null | undefined
    if (typeof level !== 'object' || level === null) return undefined
    const p = readScaled(level.price)
    if (p <= 0) return undefined
    const ps = lastRead.scale
    const q = readScaled(level.qty)
    if (q < 0) return undefined
    const qs = lastRead.scale
    if (ps > priceScale) {
      const f = POW10[ps - priceScale] as number
      for (let j = 0; j < count; j++) bucketKey[j] = (bucketKey[j] as number) * f
      stepInt *= f
      lastKey *= f
      priceScale = ps
      // keys are monotonic: the largest is the first or the last
      if (
        stepInt >= EXACT_LIMIT ||
        lastKey >= EXACT_LIMIT ||
        (bucketKey[0] as number) >= EXACT_LIMIT
      ) {
        return undefined
      }
    }
    if (qs > qtyScale) {
      // an inexact product lands at or above 2^53 and fails the total check below
      const f = POW10[qs - qtyScale] as number
      for (let j = 0; j < count; j++) bucketQty[j] = (bucketQty[j] as number) * f
      qtyScale = qs
    }
    if (q === 0) continue
    const price = p * (POW10[priceScale - ps] as number)
    const qty = q * (POW10[qtyScale - qs] as number)
    if (price >= EXACT_LIMIT || qty >= EXACT_LIMIT) return undefined
    const r = price % stepInt
    const key = bid ? price - r : r === 0 ? price : price - r + stepInt
    if (key >= EXACT_LIMIT) return undefined
    if (count > 0) {
      if (key === lastKey) {
        bucketQty[count - 1] = (bucketQty[count - 1] as number) + qty
        bucketSource[count - 1] = -1
        continue
      }
      if (bid ? key > lastKey : key < lastKey) return undefined
    }
    bucketKey[count] = key
    bucketQty[count] = qty
    bucketSource[count] = i
    bucketPriceScale[count] = ps
    bucketQtyScale[count] = qs
    bucketOnGrid[count] = r === 0 ? 1 : 0
    lastKey = key
    count++
  }
  // All partial sums are exact when the grand total stays below 2^53.
  let total = 0
  for (let j = 0; j < count; j++) total += bucketQty[j] as number
  if (total >= EXACT_LIMIT) return undefined
  const out: BookLevel[] = new Array(count)
  total = 0
  for (let j = 0; j < count; j++) {
    const qty = bucketQty[j] as number
    total += qty
    const source = bucketSource[j] as number
    let priceText: string | undefined
    let qtyText: string | undefined
    if (source >= 0) {
      // A bucket of one level: reuse its strings when they are already canonical.
      const level = levels[source] as { price: unknown; qty: unknown }
      const p = level.price
      const q = level.qty
      if (
        bucketOnGrid[j] === 1 &&
        typeof p === 'string' &&
        isCanonical(p, bucketPriceScale[j] as number)
      ) {
        priceText = p
      }
      if (typeof q === 'string' && isCanonical(q, bucketQtyScale[j] as number)) qtyText = q
    }
    out[j] = {
      price: priceText ?? formatPlain(bucketKey[j] as number, priceScale),
      qty: qtyText ?? formatPlain(qty, qtyScale),
      total: formatPlain(total, qtyScale),
    }
  }
  return out
}
