/**
 * Exact scaled-integer arithmetic on plain JavaScript numbers, for hot loops
 * over order-book levels. A decimal `"65000.1"` is read as the integer
 * `650001` with scale 1. Every value is kept below 2^53, where integer
 * addition, subtraction, `%` and multiplication by a power of ten are exact;
 * callers check the bound and fall back to big.js when it does not hold.
 */

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
  let scale = 0
  let dot = false
  let digits = 0
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48)
      digits++
      if (dot) scale++
    } else if (c === 46 && !dot) {
      dot = true
    } else {
      return -1
    }
  }
  if (digits === 0 || digits > 15) return -1
  lastRead.scale = scale
  return m
}

/**
 * Formats a non-negative integer mantissa below 2^53 at a scale as a plain
 * decimal string without trailing fractional zeros (`(650010, 2)` is `"6500.1"`).
 */
export function formatScaled(mantissa: number, scale: number): string {
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
