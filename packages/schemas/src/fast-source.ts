/**
 * The primitives' checks as inline source for generated row checkers: the
 * same languages as `isDecimalString`, `isUnsignedDecimalString` and the
 * integer predicates in primitives.ts, one pass over char codes, no call.
 *
 * @module
 */
import type { CheckSource } from './fast-field.ts'

/**
 * Digits, then an optional `.` and digits, to the end of `v`, in one pass:
 * the digits' loop runs once, and meets the `.` at most once. The smaller of
 * the two forms here: a details row checks 16 of these in one function.
 */
function unsignedDigitsSource(v: string, fail: string): string {
  return `{
  const n = ${v}.length
  if (n === 0) ${fail}
  let dot = -1
  for (let i = 0; i < n; i++) {
    const c = ${v}.charCodeAt(i)
    if ((c - 48) >>> 0 > 9) {
      if (c !== 46 || dot !== -1) ${fail}
      dot = i
    }
  }
  if (dot === 0 || dot === n - 1) ${fail}
}`
}

/**
 * Digits from `start`, then an optional `.` and digits, to the end of `v`: a
 * loop for each run of digits, faster than the one above on the long
 * fractions of funding rates (measured on funding-rate-history payloads).
 */
function signedDigitsSource(v: string, start: string, fail: string): string {
  return `{
  const n = ${v}.length
  let i = ${start}
  while (i < n && (${v}.charCodeAt(i) - 48) >>> 0 <= 9) i++
  if (i === ${start}) ${fail}
  if (i !== n) {
    if (${v}.charCodeAt(i) !== 46) ${fail}
    const fraction = ++i
    while (i < n && (${v}.charCodeAt(i) - 48) >>> 0 <= 9) i++
    if (i !== n || i === fraction) ${fail}
  }
}`
}

/** `isUnsignedDecimalString` as source. */
export const unsignedDecimalSource: CheckSource = (v, fail) =>
  `if (typeof ${v} !== 'string') ${fail}\n${unsignedDigitsSource(v, fail)}`

/** `isDecimalString` as source: an optional `-`, then an unsigned decimal. */
export const decimalSource: CheckSource = (v, fail) =>
  `if (typeof ${v} !== 'string') ${fail}
{
  const start = ${v}.charCodeAt(0) === 45 ? 1 : 0
  ${signedDigitsSource(v, 'start', fail)}
}`

/** A safe integer at least `min` (0 for `uint`, 1 for `positiveInt`). */
export function safeIntegerSource(min: 0 | 1): CheckSource {
  return (v, fail) =>
    `if (typeof ${v} !== 'number' || !Number.isSafeInteger(${v}) || ${v} < ${min}) ${fail}`
}

/**
 * A non-negative safe integer, or a string of one or more digits. A digit
 * string is replaced by its number in the same pass (as
 * `epochNumberOrStringToMs` reads it: exact up to 15 digits, else `Number`),
 * which that conversion maps to the same time.
 */
export const epochNumberOrStringSource: CheckSource = (v, fail) =>
  `if (typeof ${v} === 'number') {
  if (!Number.isSafeInteger(${v}) || ${v} < 0) ${fail}
} else {
  if (typeof ${v} !== 'string' || ${v}.length === 0) ${fail}
  let value = 0
  for (let i = 0; i < ${v}.length; i++) {
    const digit = ${v}.charCodeAt(i) - 48
    if (digit >>> 0 > 9) ${fail}
    value = value * 10 + digit
  }
  ${v} = ${v}.length > 15 ? Number(${v}) : value
}`

/** A decimal string or a finite JSON number. */
export const decimalLikeSource: CheckSource = (v, fail) =>
  `if (typeof ${v} === 'number') {
  if (!Number.isFinite(${v})) ${fail}
} else {
  ${decimalSource(v, fail)}
}`
