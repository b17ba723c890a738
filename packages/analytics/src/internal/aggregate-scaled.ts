/**
 * The fast path of `aggregateDepth`: exact scaled-integer arithmetic on plain
 * JavaScript numbers. A decimal `"65000.1"` is read as the integer `650001`
 * with scale 1. Every value is kept below 2^53, where integer addition,
 * subtraction, `%` and multiplication by a power of ten are exact; whenever
 * that cannot be promised the caller falls back to big.js.
 */
import type { BookLevel } from '../types.ts'

/** Integers strictly below this are exact in a double. */
const EXACT_LIMIT = 2 ** 53

/** `POW10[k] === 10 ** k`, exact for every `k` listed (up to 10^22). */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k)

/** The scale of the last value read by {@link readScaled}. */
const lastRead = { scale: 0 }

/**
 * Reads a plain non-negative decimal (digits with at most one dot, at most 15
 * digits) as an integer mantissa, leaving its scale in `lastRead.scale`.
 * Returns `-1` for anything else (a sign, an exponent, too many digits, a
 * non-string): the caller then takes the big.js path, which validates.
 */
function readScaled(value: unknown): number {
  const s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
  const n = s.length
  if (n === 0 || n > 16) return -1
  let m = 0
  let dot = -1
  for (let i = 0; i < n; i++) {
    const digit = s.charCodeAt(i) - 48
    if (digit >= 0 && digit <= 9) m = m * 10 + digit
    else if (digit === -2 && dot < 0)
      dot = i // '.'
    else return -1
  }
  const digits = dot < 0 ? n : n - 1
  if (digits === 0 || digits > 15) return -1
  lastRead.scale = dot < 0 ? 0 : n - dot - 1
  return m
}

/**
 * Formats a non-negative integer mantissa below 2^53 at a scale as a plain
 * decimal string without trailing fractional zeros (`(650010, 2)` is `"6500.1"`).
 */
function formatScaled(mantissa: number, scale: number): string {
  let m = mantissa
  let k = scale
  while (k > 0 && m % 10 === 0) {
    m /= 10
    k--
  }
  const digits = String(m)
  if (k === 0) return digits
  const cut = digits.length - k
  return cut > 0 ? `${digits.slice(0, cut)}.${digits.slice(cut)}` : `0.${'0'.repeat(-cut)}${digits}`
}

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
 * form {@link formatScaled} prints: no leading zero before other integer
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
      price: priceText ?? formatScaled(bucketKey[j] as number, priceScale),
      qty: qtyText ?? formatScaled(qty, qtyScale),
      total: formatScaled(total, qtyScale),
    }
  }
  return out
}
