/**
 * Exact scaled-integer decimals on plain JavaScript numbers: the package's
 * fast paths (grouping a book, writing whole steps of a tick). A decimal
 * `"65000.1"` is read as the integer `650001` at scale 1. Integers below 2^53
 * are exact in a double, and so are their sums, differences, `%` and
 * products by a power of ten while they stay below it; every caller falls
 * back to big.js whenever that cannot be promised.
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
