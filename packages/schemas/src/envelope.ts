/**
 * The common response envelope `{ code, message, trace, data }`.
 *
 * @module
 */
import * as z from 'zod/mini'
import { isAnything, isEnvelopeCode } from './checks.ts'
import { codeToNumber, messageOf, orNull } from './conversions.ts'
import { modelMap } from './model-map.ts'
import { modelOf } from './model-schema.ts'

/**
 * The envelope as it arrives. Tolerant as live servers require: `code` may be
 * a numeric string, `message` may be `msg` (gateway errors) or missing,
 * `data` may be anything (`{}`, `null` or absent on errors), key order varies.
 *
 * @example
 * ```ts
 * envelopeWire.parse({ code: '1000', message: 'OK', trace: 't', data: [] })
 * ```
 */
export const envelopeWire = z.object({
  code: z.pipe(
    z.custom<number | string>(isEnvelopeCode, { error: 'an integer code' }),
    z.transform(codeToNumber),
  ),
  message: z.optional(z.string()),
  msg: z.optional(z.string()),
  trace: z.optional(z.string()),
  // Any value: the endpoint's schema reads it.
  data: z.optional(z.custom<unknown>(isAnything)),
})

/**
 * A normalized envelope: numeric `code`, one `message` (from `message` or
 * `msg`, `''` when neither came), `trace` (`null` when missing) and raw `data`.
 *
 * @example
 * ```ts
 * declare const env: Envelope
 * if (env.code !== 1000) console.error(env.message, env.trace)
 * ```
 */
export interface Envelope<T = unknown> {
  code: number
  message: string
  trace: string | null
  data: T
}

/**
 * Envelope schema that normalizes to {@link Envelope}. Never compare
 * `message` ("Ok" and "OK" both occur): check `code`.
 *
 * @example
 * ```ts
 * envelope.parse({ code: 30000, msg: 'Not found', trace: 't' })
 * // { code: 30000, message: 'Not found', trace: 't', data: undefined }
 * ```
 */
export const envelope = modelOf(
  envelopeWire,
  modelMap<Envelope>(
    ['code', ['message', 'messageOf', 'message', 'msg'], ['trace', 'orNull', 'trace'], 'data'],
    { messageOf, orNull },
  ),
)
