/**
 * Wire times: epochs in seconds or milliseconds, as numbers or digit strings,
 * converted to epoch milliseconds.
 *
 * @module
 */
import * as z from 'zod/mini'
import { isEpochNumberOrString, isOptionalEpoch } from './checks.ts'
import {
  epochNumberOrStringToMs,
  epochToMs,
  optionalEpochToMs,
  parseEpochNumberOrString,
} from './conversions.ts'
import { markDecoder } from './decoder-marks.ts'
import { uint } from './primitives.ts'

export { epochToMs, optionalEpochToMs } from './conversions.ts'

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
export const epochNumberOrStringWire = z.custom<number | string>(isEpochNumberOrString, {
  error: 'epoch milliseconds as a number or digit string',
})

/**
 * A wire epoch sent as a JSON number or a digit string
 * (funding-rate-history `funding_time`), normalized to ms.
 *
 * @example
 * ```ts
 * epochNumberOrString.parse('1767225600000') // 1767225600000
 * ```
 */
export const epochNumberOrString = markDecoder(
  z.pipe(epochNumberOrStringWire, z.transform(epochNumberOrStringToMs)),
  { parse: parseEpochNumberOrString },
)

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
    /* @__PURE__ */ z.custom<number | string | null>(isOptionalEpoch, {
      error: 'epoch milliseconds as a number or digit string, or "", null or 0 for none',
    }),
  ),
  /* @__PURE__ */ z.transform(optionalEpochToMs),
)
