/**
 * Wire times: epochs in seconds or milliseconds, as numbers or digit strings,
 * converted to epoch milliseconds.
 *
 * @module
 */
import * as z from 'zod/mini'
import { SECONDS_THRESHOLD } from './conventions.ts'
import { withPredicate } from './fast-field.ts'
import { epochNumberOrStringSource } from './fast-source.ts'
import { uint } from './primitives.ts'

/**
 * Converts a wire epoch to milliseconds, whatever its unit: values below
 * 1e11 are seconds (the wire mixes units across endpoints and eras).
 *
 * @param value - Epoch seconds or milliseconds.
 * @returns Epoch milliseconds.
 * @example
 * ```ts
 * epochToMs(1767225600) // 1767225600000
 * epochToMs(1767225600000) // 1767225600000
 * ```
 */
export function epochToMs(value: number): number {
  return value < SECONDS_THRESHOLD ? value * 1000 : value
}

/**
 * A wire epoch as a JSON number (seconds or ms), normalized to ms.
 *
 * @example
 * ```ts
 * epoch.parse(1767225600) // 1767225600000
 * ```
 */
export const epoch = z.pipe(uint, z.transform(epochToMs))

/**
 * {@link epochNumberOrString} as sent, before conversion to ms: a
 * non-negative integer or a digit string.
 *
 * @example
 * ```ts
 * epochNumberOrStringWire.parse('1767225600') // '1767225600'
 * ```
 */
export const epochNumberOrStringWire = withPredicate(
  z.custom<number | string>(isEpochNumberOrString, {
    error: 'epoch milliseconds as a number or digit string',
  }),
  isEpochNumberOrString,
  undefined,
  epochNumberOrStringSource,
)

/**
 * A wire epoch sent as a JSON number or a digit string
 * (funding-rate-history `funding_time`), normalized to ms.
 *
 * @example
 * ```ts
 * epochNumberOrString.parse('1767225600000') // 1767225600000
 * ```
 */
export const epochNumberOrString = z.pipe(
  epochNumberOrStringWire,
  z.transform(epochNumberOrStringToMs),
)

function isEpochNumberOrString(v: unknown): boolean {
  return typeof v === 'number' ? Number.isSafeInteger(v) && v >= 0 : isDigits(v)
}

/** DIGITS (/^\d+$/) as one pass over char codes. */
function isDigits(v: unknown): boolean {
  if (typeof v !== 'string' || v.length === 0) return false
  for (let i = 0; i < v.length; i++) if ((v.charCodeAt(i) - 48) >>> 0 > 9) return false
  return true
}

/** A digit string's value: exact by hand up to 15 digits (faster than `Number`), else `Number`. */
function digitsValue(text: string): number {
  if (text.length > 15) return Number(text)
  let n = 0
  for (let i = 0; i < text.length; i++) n = n * 10 + (text.charCodeAt(i) - 48)
  return n
}

/**
 * Converts a checked wire epoch (a JSON number or a digit string) to ms.
 *
 * @param v - A non-negative integer or a digit string.
 * @returns Epoch milliseconds.
 * @example
 * ```ts
 * epochNumberOrStringToMs('1767225600') // 1767225600000
 * ```
 */
export function epochNumberOrStringToMs(v: number | string): number {
  return epochToMs(typeof v === 'number' ? v : digitsValue(v))
}

/**
 * Converts a wire "maybe" epoch to ms or `null`: `0`, `null`, `""` and
 * absence all mean "none".
 *
 * @param value - A number, digit string, `""`, `null` or `undefined`.
 * @returns Epoch ms, or `null` for none.
 * @example
 * ```ts
 * optionalEpochToMs(0) // null
 * optionalEpochToMs(1767225600) // 1767225600000
 * ```
 */
export function optionalEpochToMs(value: number | string | null | undefined): number | null {
  if (value === undefined || value === null || value === '') return null
  const n = Number(value)
  return n === 0 ? null : epochToMs(n)
}

/**
 * A wire epoch where `0`, `null`, `""` or absence mean "none": ms or `null`.
 *
 * @example
 * ```ts
 * optionalEpoch.parse(0) // null
 * optionalEpoch.parse('') // null
 * ```
 */
export const optionalEpoch = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.custom<number | string | null>(
      (v) => v === '' || v === null || isEpochNumberOrString(v),
      {
        error: 'epoch milliseconds as a number or digit string, or "", null or 0 for none',
      },
    ),
  ),
  /* @__PURE__ */ z.transform(optionalEpochToMs),
)
