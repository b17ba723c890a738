/**
 * Parameter building blocks: the user-facing side (what `createClient()`
 * methods accept) and the server side (a wire query string, as received).
 *
 * @module
 */
import * as z from 'zod/mini'
import {
  isEpochSeconds,
  isKlineStepInput,
  isLimit,
  isSymbol,
  isSymbolText,
  isTimeInput,
  isTimeParam,
} from './checks.ts'
import { stepMinutes, timeToMs } from './conversions.ts'
import { markDecoder } from './decoder-marks.ts'
import {
  KLINE_STEP_ALIASES,
  KLINE_STEPS,
  type KlineStep,
  type KlineStepInput,
} from './kline-steps.ts'

/**
 * A contract symbol: non-empty, no whitespace, e.g. `'BTCUSDT'`.
 *
 * @example
 * ```ts
 * symbolParam.parse('BTCUSDT') // 'BTCUSDT'
 * ```
 */
export const symbolParam = markDecoder(
  z.string({ error: 'symbol must be a string such as "BTCUSDT"' }).check(
    // Refinements, not z.regex: zod's string formats are heavy for a browser bundle.
    z.refine(isSymbolText, {
      error: 'symbol must be a non-empty string without spaces, such as "BTCUSDT"',
    }),
  ),
  { check: isSymbol },
)

const STEP_HELP = `step must be one of ${KLINE_STEPS.join(', ')} (minutes) or ${Object.keys(
  KLINE_STEP_ALIASES,
)
  .map((a) => `'${a}'`)
  .join(', ')}`

/**
 * A K-line step: minutes of the allowed set, or an alias such as `'1h'`; output in minutes.
 *
 * @example
 * ```ts
 * stepParam.parse('4h') // 240
 * ```
 */
export const stepParam = z.pipe(
  z.custom<KlineStepInput>(isKlineStepInput, { error: STEP_HELP }),
  z.transform(stepMinutes),
)

/** What a time param must be. */
const TIME_EXPECTED = 'must be epoch milliseconds (a non-negative integer) or a valid Date'

/** Why a time that looks like epoch seconds is refused. */
const SECONDS_REFUSED =
  'looks like epoch seconds: pass epoch milliseconds or a Date, not seconds (the client converts to the wire unit)'

/**
 * A point in time: epoch milliseconds (an integer) or a `Date`; output in ms.
 *
 * @example
 * ```ts
 * timeParam.parse(new Date(0)) // 0
 * ```
 */
export const timeParam = z.pipe(
  markDecoder(
    z.custom<number | Date>(isTimeInput, { error: TIME_EXPECTED }).check((ctx) => {
      if (isEpochSeconds(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: SECONDS_REFUSED })
      }
    }),
    { check: isTimeParam },
  ),
  z.transform(timeToMs),
)

/**
 * An optional record count between 1 and `max`.
 *
 * @param max - The interface's maximum for this endpoint.
 * @returns A schema of an optional integer limit.
 * @example
 * ```ts
 * limitParam(100).parse(50) // 50
 * ```
 */
export function limitParam(max: number) {
  return z.optional(limitValue(max))
}

/** A record count between 1 and `max`. */
function limitValue(max: number) {
  const range = `limit must be an integer from 1 to ${max}`
  const atMost = `limit must be at most ${max} (the interface's maximum)`
  // Its JSON Schema comes from the route's maxRecords (openapi/json-schema.ts).
  const limit = z.custom<number>((v) => isLimit(v, max), {
    // An integer past the maximum is told the maximum; anything else, the range.
    error: (issue) =>
      Number.isSafeInteger(issue.input) && (issue.input as number) > max ? atMost : range,
  })
  return markDecoder(limit, { check: isLimit, args: [max] })
}

// ---- server side: the wire query as received (strings) ----

/**
 * A required symbol in a received query string.
 *
 * @example
 * ```ts
 * symbolQuery.parse('ETHUSDT') // 'ETHUSDT'
 * ```
 */
export const symbolQuery = z
  .string({ error: 'symbol is required' })
  // A refinement, not z.minLength: zod's length check (code points) is heavy for a browser bundle.
  .check(z.refine((s) => s.length > 0, { error: 'symbol is required' }))

/**
 * An integer in a received query string (digits only), as a number.
 *
 * @param name - The parameter name, for the message.
 * @returns A schema from digit string to number.
 * @example
 * ```ts
 * integerQuery('limit').parse('50') // 50
 * ```
 */
export function integerQuery(name: string) {
  return z.pipe(
    z
      .string({ error: `${name} is required` })
      .check(z.refine((s) => /^\d{1,15}$/.test(s), { error: `${name} must be an integer` }))
      // The pattern, as zod metadata, for the OpenAPI document (a refinement is opaque to it).
      .register(z.globalRegistry, { pattern: '^\\d{1,15}$' }),
    z.transform(Number),
  )
}

/**
 * A K-line step in a received query string.
 *
 * @example
 * ```ts
 * stepQuery.parse('60') // 60
 * ```
 */
export const stepQuery = z.pipe(
  integerQuery('step'),
  z.custom<KlineStep>(isKlineStepInput, {
    error: `step must be one of ${KLINE_STEPS.join(', ')} (minutes)`,
  }),
)

/**
 * An optional limit in a received query string, between 1 and `max`.
 *
 * @param max - The interface's maximum.
 * @returns A schema from optional digit string to optional number.
 * @example
 * ```ts
 * limitQuery(100).parse('10') // 10
 * ```
 */
export function limitQuery(max: number) {
  return z.optional(z.pipe(integerQuery('limit'), limitValue(max)))
}
