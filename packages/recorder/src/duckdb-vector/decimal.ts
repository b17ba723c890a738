/**
 * Decimal strings to the bytes of a DuckDB DECIMAL(38,18): a signed 128-bit
 * integer, the value × 10^18, little-endian. Written straight into a vector
 * buffer, so no string cast (DuckDB's VARCHAR → DECIMAL(38,18) cast is the
 * slow part of an insert) and, for up to 15 significant digits (every price
 * and volume seen), no BigInt: the digits are collected in one exact double
 * and multiplied by 10^(18 − decimals) in 16-bit limbs.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'

/** Digits after the point of every stored price and amount. */
const SCALE = 18
/** Integer digits a DECIMAL(38,18) holds. */
const INTEGER_DIGITS = 38 - SCALE
/** Bytes of one DECIMAL(38,18) value. */
export const DECIMAL_BYTES = 16
/** 16-bit limbs of one value. */
const LIMBS = DECIMAL_BYTES / 2
const LIMB = 65_536
/** Significant digits a double holds exactly (10^15 < 2^53). */
const EXACT_DIGITS = 15

/** 10^e as four 16-bit limbs, least significant first, for e = 0..18. */
const POWERS: readonly (readonly number[])[] = Array.from({ length: SCALE + 1 }, (_, e) => {
  let value = 10n ** BigInt(e)
  return [0, 1, 2, 3].map(() => {
    const limb = Number(value & 0xffffn)
    value >>= 16n
    return limb
  })
})

function refuse(text: string): never {
  throw new RecorderError(`${JSON.stringify(text)} does not fit DECIMAL(38,18) exactly`, 1)
}

/**
 * Writes a decimal string (`"-97123.45"`) as an exact DECIMAL(38,18) into a
 * vector buffer of 16-bit limbs (native byte order, which is little-endian on
 * every platform DuckDB ships for).
 *
 * @param text - A decimal string as the schemas define it: `-?digits(.digits)?`.
 * @param out - The vector's data, 8 limbs a value.
 * @param row - The row to write.
 * @throws {@link RecorderError} when it is no decimal, has more than 18 decimals or
 *   more than 20 integer digits.
 */
export function writeDecimal(text: string, out: Uint16Array, row: number): void {
  const length = text.length
  const negative = text.charCodeAt(0) === 45 // '-'
  const first = negative ? 1 : 0
  let digits = 0 // as a number, exact while significant ≤ 15
  let significant = 0
  let decimals = -1 // -1 until the point
  for (let i = first; i < length; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit >= 0 && digit <= 9) {
      digits = digits * 10 + digit
      if (digits !== 0) significant++
      if (decimals >= 0) decimals++
    } else if (digit === -2 && decimals < 0 && i > first && i < length - 1) decimals = 0
    else refuse(text)
  }
  if (length === first || decimals > SCALE) refuse(text)
  if (significant > EXACT_DIGITS) {
    writeWide(text, out, row)
    return
  }
  const power = POWERS[SCALE - Math.max(decimals, 0)] as readonly number[]
  const p0 = power[0] as number
  const p1 = power[1] as number
  const p2 = power[2] as number
  const p3 = power[3] as number
  // `>>> 0` is the value mod 2^32 for any double, exact below 2^53.
  const low = digits >>> 0
  const high = (digits - low) / 4_294_967_296
  const m0 = low & 0xffff
  const m1 = low >>> 16
  const m2 = high & 0xffff
  const m3 = high >>> 16
  // Schoolbook product of two 4-limb numbers; every column sum stays below 2^53.
  const at = row * LIMBS
  let carry = m0 * p0
  carry = column(out, at, carry)
  carry = column(out, at + 1, carry + m0 * p1 + m1 * p0)
  carry = column(out, at + 2, carry + m0 * p2 + m1 * p1 + m2 * p0)
  carry = column(out, at + 3, carry + m0 * p3 + m1 * p2 + m2 * p1 + m3 * p0)
  carry = column(out, at + 4, carry + m1 * p3 + m2 * p2 + m3 * p1)
  carry = column(out, at + 5, carry + m2 * p3 + m3 * p2)
  carry = column(out, at + 6, carry + m3 * p3)
  out[at + 7] = carry
  if (negative) negate(out, at)
}

/** Stores the low limb of `sum` and returns the carry. */
function column(out: Uint16Array, at: number, sum: number): number {
  const limb = (sum >>> 0) & 0xffff
  out[at] = limb
  return (sum - limb) / LIMB
}

/** Two's complement of the 8 limbs at `at`. */
function negate(out: Uint16Array, at: number): void {
  let carry = 1
  for (let k = at; k < at + LIMBS; k++) {
    const limb = ((out[k] as number) ^ 0xffff) + carry
    out[k] = limb
    carry = limb >>> 16
  }
}

/** More than 15 significant digits: through BigInt, with the integer-digit check. */
function writeWide(text: string, out: Uint16Array, row: number): void {
  const negative = text.startsWith('-')
  const [integer = '', fraction = ''] = text.slice(negative ? 1 : 0).split('.')
  if (integer.replace(/^0+/, '').length > INTEGER_DIGITS) refuse(text)
  let value = BigInt.asUintN(
    DECIMAL_BYTES * 8,
    BigInt(`${negative ? '-' : ''}${integer}${fraction.padEnd(SCALE, '0')}`),
  )
  for (let k = row * LIMBS; k < (row + 1) * LIMBS; k++) {
    out[k] = Number(value & 0xffffn)
    value >>= 16n
  }
}
