/**
 * The primitives' checks as inline source for generated row checkers: the
 * same languages as `isDecimalString`, `isUnsignedDecimalString` and the
 * integer predicates in primitives.ts, one pass over char codes, no call.
 *
 * @module
 */
import type { CheckSource } from './fast-field.ts'

// The sources below ship in the browser bundle, so they are unindented and their own
// variables have one-letter names, declared in a block of their own so they hide nothing
// the generated function uses around them.

/**
 * `isUnsignedDecimalString` as source: digits, then an optional `.` and
 * digits, in one loop that meets the `.` at most once. The smaller of the two
 * decimal forms here, and the faster on details rows (16 of these in one
 * generated function).
 */
export const unsignedDecimalSource: CheckSource = (v, fail) =>
  `if (typeof ${v} !== 'string') ${fail}
{
const n = ${v}.length
if (n === 0) ${fail}
let p = -1
for (let i = 0; i < n; i++) {
const c = ${v}.charCodeAt(i)
if ((c - 48) >>> 0 > 9) {
if (c !== 46 || p !== -1) ${fail}
p = i
}
}
if (p === 0 || p === n - 1) ${fail}
}`

/**
 * `isDecimalString` as source: an optional `-`, then a loop for each run of
 * digits (faster than the one loop above on the long fractions of funding
 * rates, measured on funding-rate-history payloads).
 */
export const decimalSource: CheckSource = (v, fail) =>
  `if (typeof ${v} !== 'string') ${fail}
{
const n = ${v}.length
const s = ${v}.charCodeAt(0) === 45 ? 1 : 0
let i = s
while (i < n && (${v}.charCodeAt(i) - 48) >>> 0 <= 9) i++
if (i === s) ${fail}
if (i !== n) {
if (${v}.charCodeAt(i) !== 46) ${fail}
const f = ++i
while (i < n && (${v}.charCodeAt(i) - 48) >>> 0 <= 9) i++
if (i !== n || i === f) ${fail}
}
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
let x = 0
for (let i = 0; i < ${v}.length; i++) {
const d = ${v}.charCodeAt(i) - 48
if (d >>> 0 > 9) ${fail}
x = x * 10 + d
}
${v} = ${v}.length > 15 ? Number(${v}) : x
}`

/** A decimal string or a finite JSON number. */
export const decimalLikeSource: CheckSource = (v, fail) =>
  `if (typeof ${v} === 'number') {
if (!Number.isFinite(${v})) ${fail}
} else {
${decimalSource(v, fail)}
}`
