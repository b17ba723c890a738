import type { BookLevel } from '../types.ts'
import { EXACT_LIMIT, formatScaled, lastRead, POW10, readScaled } from './scaled.ts'

// Scratch buffers reused across calls (the functions are synchronous).
let priceMantissa = new Float64Array(256)
let qtyMantissa = new Float64Array(256)
let priceScale = new Uint8Array(256)
let qtyScale = new Uint8Array(256)
let bucketKey = new Float64Array(256)
let bucketQty = new Float64Array(256)

function ensureCapacity(n: number): void {
  if (priceMantissa.length >= n) return
  const size = Math.max(n, priceMantissa.length * 2)
  priceMantissa = new Float64Array(size)
  qtyMantissa = new Float64Array(size)
  priceScale = new Uint8Array(size)
  qtyScale = new Uint8Array(size)
  bucketKey = new Float64Array(size)
  bucketQty = new Float64Array(size)
}

/**
 * The fast path of `aggregateDepth`: exact scaled-integer bucketing of
 * best-first levels. Returns `undefined` whenever it cannot promise an exact
 * answer (an unusual number format, a value past 2^53, levels not best
 * first, or any invalid input): the caller then runs the big.js path, which
 * also produces the input errors.
 */
export function aggregateScaled(
  levels: readonly unknown[],
  step: unknown,
  bid: boolean,
): BookLevel[] | undefined {
  const stepMantissa = readScaled(step)
  if (stepMantissa <= 0) return undefined
  const stepScale = lastRead.scale
  const n = levels.length
  ensureCapacity(n)
  let maxPriceScale = stepScale
  let maxQtyScale = 0
  for (let i = 0; i < n; i++) {
    const level = levels[i] as { price?: unknown; qty?: unknown } | null | undefined
    if (typeof level !== 'object' || level === null) return undefined
    const p = readScaled(level.price)
    if (p <= 0) return undefined
    const ps = lastRead.scale
    const q = readScaled(level.qty)
    if (q < 0) return undefined
    const qs = lastRead.scale
    priceMantissa[i] = p
    priceScale[i] = ps
    qtyMantissa[i] = q
    qtyScale[i] = qs
    if (ps > maxPriceScale) maxPriceScale = ps
    if (qs > maxQtyScale) maxQtyScale = qs
  }
  const stepInt = stepMantissa * (POW10[maxPriceScale - stepScale] as number)
  if (stepInt >= EXACT_LIMIT) return undefined
  let count = 0
  let lastKey = 0
  for (let i = 0; i < n; i++) {
    const qm = qtyMantissa[i] as number
    if (qm === 0) continue
    const price =
      (priceMantissa[i] as number) * (POW10[maxPriceScale - (priceScale[i] as number)] as number)
    const qty = qm * (POW10[maxQtyScale - (qtyScale[i] as number)] as number)
    if (price >= EXACT_LIMIT || qty >= EXACT_LIMIT) return undefined
    const r = price % stepInt
    const key = bid ? price - r : r === 0 ? price : price - r + stepInt
    if (key >= EXACT_LIMIT) return undefined
    if (count > 0) {
      if (key === lastKey) {
        bucketQty[count - 1] = (bucketQty[count - 1] as number) + qty
        continue
      }
      if (bid ? key > lastKey : key < lastKey) return undefined
    }
    bucketKey[count] = key
    bucketQty[count] = qty
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
    out[j] = {
      price: formatScaled(bucketKey[j] as number, maxPriceScale),
      qty: formatScaled(qty, maxQtyScale),
      total: formatScaled(total, maxQtyScale),
    }
  }
  return out
}
