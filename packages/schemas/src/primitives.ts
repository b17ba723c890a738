/**
 * Building blocks shared by the wire schemas: decimals and integers (times
 * are in epochs.ts).
 * Written for speed: each check is one typeof and one small loop or regex.
 *
 * @module
 */
import * as z from 'zod/mini'
import { oneOf, withPredicate } from './fast-field.ts'
import {
  decimalLikeSource,
  decimalSource,
  safeIntegerSource,
  unsignedDecimalSource,
} from './fast-source.ts'

const DECIMAL = /^-?\d+(?:\.\d+)?$/

/**
 * The language of {@link isUnsignedDecimalString} (prices and quantities) as a
 * regular expression, for the OpenAPI document and tests: no sign at all.
 */
export const UNSIGNED_DECIMAL_PATTERN = /^\d+(?:\.\d+)?$/

/**
 * True when `value` is a plain decimal string such as `"65000.1"`, `"-0.0375"` or `"0"`.
 * Exponents, blanks, `"NaN"` and empty strings are not decimals.
 *
 * @param value - Anything.
 * @returns Whether `value` is a decimal string.
 * @example
 * ```ts
 * isDecimalString('65000.1') // true
 * isDecimalString('1e-8') // false
 * ```
 */
export function isDecimalString(value: unknown): value is string {
  if (typeof value !== 'string') return false
  return value.charCodeAt(0) === 45 ? unsignedFrom(value, 1) : unsignedFrom(value, 0) // '-'
}

/**
 * Whether `text` from `start` on is digits with an optional fraction: the
 * language of DECIMAL without its sign, as one pass over char codes (several
 * times faster than the regex on the short strings of a payload).
 */
function unsignedFrom(text: string, start: number): boolean {
  const n = text.length
  let i = start
  // (c - 48) >>> 0 <= 9: one unsigned comparison for '0'..'9'
  while (i < n && (text.charCodeAt(i) - 48) >>> 0 <= 9) i++
  if (i === start) return false
  if (i === n) return true
  if (text.charCodeAt(i) !== 46) return false // '.'
  const fraction = ++i
  while (i < n && (text.charCodeAt(i) - 48) >>> 0 <= 9) i++
  return i === n && i > fraction
}

/**
 * The decimal-string language as a regular expression, for documentation and
 * for checks outside hot paths: an optional minus, digits, optional fraction.
 *
 * @example
 * ```ts
 * DECIMAL_PATTERN.test('0.5') // true
 * ```
 */
export const DECIMAL_PATTERN = DECIMAL

/**
 * Shown as the "expected" part of a payload error about a decimal.
 *
 * @example
 * ```ts
 * import { decodeData, endpoints } from '@perpkit/schemas'
 *
 * const r = decodeData(endpoints['/contract/public/open-interest'], { open_interest: 1.5 })
 * if (!r.success) r.issues.some((issue) => issue.expected === DECIMAL_EXPECTED)
 * ```
 */
export const DECIMAL_EXPECTED = 'a decimal string'

/**
 * A decimal string on the wire; kept as the same exact string in the model.
 *
 * @example
 * ```ts
 * decimalString.parse('0.0001') // '0.0001'
 * ```
 */
export const decimalString = withPredicate(
  z.custom<string>(isDecimalString, { error: DECIMAL_EXPECTED }),
  isDecimalString,
  undefined,
  decimalSource,
)

/**
 * True when `value` is a decimal string without a sign, such as `"65000.1"` or
 * `"0"`: what prices and quantities must be. `"-5"` and `"-0"` are refused.
 *
 * @param value - Anything.
 * @returns Whether `value` is an unsigned decimal string.
 * @example
 * ```ts
 * isUnsignedDecimalString('65000.1') // true
 * isUnsignedDecimalString('-0') // false
 * ```
 */
export function isUnsignedDecimalString(value: unknown): value is string {
  return typeof value === 'string' && unsignedFrom(value, 0)
}

/**
 * Shown as the "expected" part of a payload error about a price or quantity.
 *
 * @example
 * ```ts
 * UNSIGNED_DECIMAL_EXPECTED // 'a non-negative decimal string'
 * ```
 */
export const UNSIGNED_DECIMAL_EXPECTED = 'a non-negative decimal string'

/**
 * A price or quantity on the wire: a decimal string without a sign (a
 * negative price, or `"-0"`, is refused); kept as the same exact string.
 * Signed values (funding rates, the 24 h change) use {@link decimalString}.
 *
 * @example
 * ```ts
 * unsignedDecimalString.parse('65000.1') // '65000.1'
 * unsignedDecimalString.safeParse('-5').success // false
 * ```
 */
export const unsignedDecimalString = withPredicate(
  z.custom<string>(isUnsignedDecimalString, { error: UNSIGNED_DECIMAL_EXPECTED }),
  isUnsignedDecimalString,
  undefined,
  unsignedDecimalSource,
)

/**
 * A decimal that the wire may send as a string or a JSON number (the spec
 * types `funding_upper_limit` as Long; live servers send `"0.0375"`).
 * Numbers become plain-notation strings.
 *
 * @example
 * ```ts
 * decimalLike.parse(0.0375) // '0.0375'
 * ```
 */
export const decimalLike = withPredicate(
  z.pipe(
    // Its JSON Schema refers to the document's decimal component: see openapi/json-schema.ts.
    z.custom<string | number>(isDecimalLike, { error: 'a decimal string or a finite number' }),
    z.transform((v: string | number) => (typeof v === 'string' ? v : numberToDecimalString(v))),
  ),
  isDecimalLike,
  (v) => (typeof v === 'string' ? v : numberToDecimalString(v as number)),
  decimalLikeSource,
)

function isDecimalLike(v: unknown): boolean {
  return isDecimalString(v) || (typeof v === 'number' && Number.isFinite(v))
}

/**
 * Writes a finite number in plain decimal notation, expanding exponents
 * (`1e-7` becomes `"0.0000001"`) without any rounding of its own.
 *
 * @param n - A finite number.
 * @returns Its shortest round-trip digits in plain notation.
 * @example
 * ```ts
 * numberToDecimalString(1e-7) // '0.0000001'
 * ```
 */
export function numberToDecimalString(n: number): string {
  const s = String(n)
  const e = s.indexOf('e')
  if (e === -1) return s
  const negative = s.startsWith('-')
  const mantissa = s.slice(negative ? 1 : 0, e)
  const exponent = Number(s.slice(e + 1))
  const dot = mantissa.indexOf('.')
  const digits = mantissa.replace('.', '')
  const point = (dot === -1 ? mantissa.length : dot) + exponent
  let out: string
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length)
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`
  return negative ? `-${out}` : out
}

// The integers and other leaves below are custom checks, not zod's number, integer
// and union types: those would add their classes to a browser bundle, and say
// less when they refuse a value ("Invalid input" for a negative integer, "a
// value of another shape" for a union). openapi/json-schema.ts describes them.

/**
 * An integer JSON number (counts, enums, tier numbers): a safe integer.
 *
 * @example
 * ```ts
 * integer.parse(125) // 125
 * ```
 */
// Pure annotations let a bundle drop the schemas it does not use (esbuild does not carry
// zod's own annotations through the namespace import into a lazily loaded module).
export const integer = /* @__PURE__ */ z.custom<number>((v) => Number.isSafeInteger(v), {
  error: 'an integer',
})

const isUint = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0

/**
 * A non-negative integer JSON number (epochs, counts).
 *
 * @example
 * ```ts
 * uint.parse(0) // 0
 * ```
 */
export const uint = withPredicate(
  z.custom<number>(isUint, { error: 'a non-negative integer' }),
  isUint,
  undefined,
  safeIntegerSource(0),
)

const isPositiveInt = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0

/**
 * A positive integer JSON number (tier numbers, leverage, intervals).
 *
 * @example
 * ```ts
 * positiveInt.parse(125) // 125
 * ```
 */
export const positiveInt = withPredicate(
  z.custom<number>(isPositiveInt, { error: 'a positive integer' }),
  isPositiveInt,
  undefined,
  safeIntegerSource(1),
)

const isBoolean = (v: unknown) => typeof v === 'boolean'

/**
 * A JSON boolean (zod's own boolean type would join a browser bundle for one field).
 *
 * @example
 * ```ts
 * boolean.parse(true) // true
 * ```
 */
export const boolean = withPredicate(
  z.custom<boolean>(isBoolean, { error: 'a value of type boolean' }),
  isBoolean,
  undefined,
  (v, fail) => `if (typeof ${v} !== 'boolean') ${fail}`,
)

/**
 * One of a few JSON literals, as a custom leaf with its fast-path check
 * (zod's literal type would join a browser bundle for two contract fields).
 *
 * @param values - The accepted values.
 * @param error - What a refused value should have been.
 * @returns The schema.
 * @example
 * ```ts
 * const side = oneOfValues(['buy', 'sell'], 'one of "buy", "sell"')
 * ```
 */
export function oneOfValues<const T extends readonly (string | number)[]>(
  values: T,
  error: string,
): z.ZodMiniCustom<T[number], T[number]> {
  const { accepts, source } = oneOf(values)
  return withPredicate(z.custom<T[number]>(accepts, { error }), accepts, undefined, source)
}
