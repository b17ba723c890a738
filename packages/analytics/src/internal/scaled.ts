/**
 * Exact scaled-integer decimals on plain JavaScript numbers: the package's
 * fast paths (grouping a book, writing whole steps of a tick). A decimal
 * `"65000.1"` is read as the integer `650001` at scale 1. Integers below 2^53
 * are exact in a double, and so are their sums, differences, `%` and
 * products by a power of ten while they stay below it; every caller falls
 * back to big.js whenever that cannot be promised.
 */
import type { RoundingMode } from '../types.ts'

/** Integers strictly below this are exact in a double. */
export const EXACT_LIMIT = 2 ** 53

/** `POW10[k] === 10 ** k`, exact for every `k` listed (up to 10^22). */
export const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k)

/** The scale of the last value read by {@link readScaled}. */
export const lastRead = { scale: 0 }

/**
 * Reads a plain non-negative decimal (digits with at most one dot, at most 15
 * digits) as an integer mantissa, leaving its scale in `lastRead.scale`.
 * Returns `-1` for anything else (a sign, an exponent, too many digits, a
 * non-string): the caller then takes the big.js path, which validates.
 */
export function readScaled(value: unknown): number {
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
 * Writes a non-negative integer mantissa below 2^53 at a scale with exactly
 * `scale` decimals: `(650001, 1)` is `"65000.1"`, `(5, 3)` is `"0.005"`.
 */
export function formatFixed(mantissa: number, scale: number): string {
  const digits = String(mantissa)
  if (scale === 0) return digits
  const padded = digits.length > scale ? digits : digits.padStart(scale + 1, '0')
  return `${padded.slice(0, -scale)}.${padded.slice(-scale)}`
}

/**
 * Writes a non-negative integer mantissa below 2^53 at a scale as a plain
 * decimal without trailing fractional zeros: `(650010, 2)` is `"6500.1"`.
 */
export function formatPlain(mantissa: number, scale: number): string {
  let m = mantissa
  let k = scale
  while (k > 0 && m % 10 === 0) {
    m /= 10
    k--
  }
  return formatFixed(m, k)
}

/** Whether the last value read by {@link readSignedScaled} had a minus sign. */
const lastSign = { negative: false }

/**
 * Like {@link readScaled}, with an optional leading minus (left in
 * `lastSign.negative`). Returns `-1` for anything else.
 */
function readSignedScaled(value: unknown): number {
  if (typeof value === 'number') {
    lastSign.negative = value < 0
    return readScaled(value < 0 ? -value : value)
  }
  if (typeof value !== 'string') return -1
  lastSign.negative = value.charCodeAt(0) === 45 // '-'
  return readScaled(lastSign.negative ? value.slice(1) : value)
}

/** A rounding mode applied to a magnitude: what floor and ceil become for a given sign. */
export type MagnitudeMode = 'down' | 'up' | 'half-up' | 'half-even'

/** The magnitude mode of a rounding mode, for a result of that sign. */
export function magnitudeOf(mode: RoundingMode, negative: boolean): MagnitudeMode {
  if (mode === 'floor') return negative ? 'up' : 'down'
  if (mode === 'ceil') return negative ? 'down' : 'up'
  return mode
}

/**
 * Exact product of plain decimals (strings or numbers) whose mantissas
 * multiply to less than 2^53, as a plain decimal string; `undefined` when
 * that cannot be promised (the caller then takes the big.js path, which also
 * validates). Factors from index `positiveFrom` on must be positive.
 */
export function multiplyScaled(
  values: readonly unknown[],
  positiveFrom = values.length,
): string | undefined {
  let product = 1
  let scale = 0
  let negative = false
  for (let i = 0; i < values.length; i++) {
    const m = readSignedScaled(values[i])
    if (m < 0 || (i >= positiveFrom && (m === 0 || lastSign.negative))) return undefined
    product *= m
    if (product >= EXACT_LIMIT) return undefined
    scale += lastRead.scale
    negative = negative !== lastSign.negative
  }
  const text = formatPlain(product, scale)
  return negative && product !== 0 ? `-${text}` : text
}

/**
 * Exact quotient `a / b` of plain decimals, carried to `decimals` places and
 * rounded by `mode` on the exact remainder (long division on integers below
 * 2^53, where `%` and products by ten are exact). `undefined` when the
 * aligned operands are too large or not plain (the caller then takes the
 * big.js path), or when `b` is zero.
 */
export function divideScaled(
  a: unknown,
  b: unknown,
  decimals: number,
  mode: RoundingMode,
): string | undefined {
  const ua = readSignedScaled(a)
  if (ua < 0) return undefined
  const sa = lastRead.scale
  const na = lastSign.negative
  const ub = readSignedScaled(b)
  if (ub <= 0) return undefined
  const sb = lastRead.scale
  // a / b = (ua * 10^sb) / (ub * 10^sa)
  const top = ua * (POW10[sb] as number)
  const bottom = ub * (POW10[sa] as number)
  if (top >= EXACT_LIMIT || bottom * 10 >= EXACT_LIMIT) return undefined
  let rest = top % bottom
  const whole = (top - rest) / bottom
  let digits = ''
  for (let i = 0; i < decimals; i++) {
    const shifted = rest * 10
    rest = shifted % bottom
    digits += String((shifted - rest) / bottom)
  }
  const negative = na !== lastSign.negative && top !== 0
  const magnitude = magnitudeOf(mode, negative)
  const twice = rest * 2
  const last = digits.length === 0 ? whole % 10 : digits.charCodeAt(digits.length - 1) - 48
  const up =
    rest !== 0 &&
    (magnitude === 'up' ||
      (magnitude === 'half-up' && twice >= bottom) ||
      (magnitude === 'half-even' && (twice > bottom || (twice === bottom && last % 2 === 1))))
  let text = up ? increment(`${whole}${digits}`) : `${whole}${digits}`
  if (decimals > 0) {
    const cut = text.length - decimals
    text = `${text.slice(0, cut)}.${text.slice(cut)}`.replace(/\.?0+$/, '')
  }
  return negative && text !== '0' ? `-${text}` : text
}

/** Adds one to a string of digits: `'199'` gives `'200'`, `'99'` gives `'100'`. */
function increment(digits: string): string {
  let i = digits.length - 1
  while (i >= 0 && digits.charCodeAt(i) === 57) i-- // '9'
  if (i < 0) return `1${'0'.repeat(digits.length)}`
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`
}
