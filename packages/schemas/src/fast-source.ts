/**
 * The primitives' checks as inline source for generated row checkers: the
 * same languages as `isDecimalString`, `isUnsignedDecimalString` and the
 * integer predicates in primitives.ts, one pass over char codes, no call.
 *
 * @module
 */
import type { CheckSource } from './fast-field.ts'

/** Digits from `start`, then an optional `.` and digits, to the end of `v`. */
function digitsSource(v: string, start: string, fail: string): string {
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
  `if (typeof ${v} !== 'string') ${fail}\n${digitsSource(v, '0', fail)}`

/** `isDecimalString` as source: an optional `-`, then an unsigned decimal. */
export const decimalSource: CheckSource = (v, fail) =>
  `if (typeof ${v} !== 'string') ${fail}
{
  const start = ${v}.charCodeAt(0) === 45 ? 1 : 0
  ${digitsSource(v, 'start', fail)}
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
