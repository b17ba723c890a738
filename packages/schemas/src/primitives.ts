/**
 * Building blocks shared by the wire schemas: decimals and integers (times
 * are in epochs.ts). Each is a `z.custom` of a check of checks.ts, which the
 * generated decoders call too.
 *
 * @module
 */
import * as z from 'zod/mini'
import {
  isBoolean,
  isDecimalLike,
  isDecimalString,
  isInteger,
  isPositiveInt,
  isUint,
  isUnsignedDecimalString,
} from './checks.ts'
import { decimalLikeToString } from './conversions.ts'
import { markDecoder } from './decoder-marks.ts'

export { isDecimalString, isUnsignedDecimalString } from './checks.ts'
export { numberToDecimalString } from './conversions.ts'

const DECIMAL = /^-?\d+(?:\.\d+)?$/

/**
 * The language of {@link isUnsignedDecimalString} (prices and quantities) as a
 * regular expression, for the OpenAPI document and tests: no sign at all.
 */
export const UNSIGNED_DECIMAL_PATTERN = /^\d+(?:\.\d+)?$/

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
export const decimalString = z.custom<string>(isDecimalString, { error: DECIMAL_EXPECTED })

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
export const unsignedDecimalString = z.custom<string>(isUnsignedDecimalString, {
  error: UNSIGNED_DECIMAL_EXPECTED,
})

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
export const decimalLike = z.pipe(
  // Its JSON Schema refers to the document's decimal component: see openapi/json-schema.ts.
  z.custom<string | number>(isDecimalLike, { error: 'a decimal string or a finite number' }),
  z.transform(decimalLikeToString),
)

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
export const integer = /* @__PURE__ */ z.custom<number>(isInteger, { error: 'an integer' })

/**
 * A non-negative integer JSON number (epochs, counts).
 *
 * @example
 * ```ts
 * uint.parse(0) // 0
 * ```
 */
export const uint = z.custom<number>(isUint, { error: 'a non-negative integer' })

/**
 * A positive integer JSON number (tier numbers, leverage, intervals).
 *
 * @example
 * ```ts
 * positiveInt.parse(125) // 125
 * ```
 */
export const positiveInt = z.custom<number>(isPositiveInt, { error: 'a positive integer' })

/**
 * A JSON boolean (zod's own boolean type would join a browser bundle for one field).
 *
 * @example
 * ```ts
 * boolean.parse(true) // true
 * ```
 */
export const boolean = z.custom<boolean>(isBoolean, { error: 'a value of type boolean' })

/**
 * One of a few JSON literals, as a custom leaf marked for the generated
 * decoders (zod's literal type would say less when it refuses a value).
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
  const accepted = new Set<unknown>(values)
  return markDecoder(
    z.custom<T[number]>((v) => accepted.has(v), { error }),
    { oneOf: values },
  )
}
