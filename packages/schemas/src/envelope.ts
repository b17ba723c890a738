/**
 * The common response envelope `{ code, message, trace, data }`.
 *
 * @module
 */
import * as z from 'zod/mini'

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
    z.custom<number | string>(
      (v) => Number.isSafeInteger(v) || (typeof v === 'string' && /^-?\d+$/.test(v)),
      { error: 'an integer code' },
    ),
    z.transform(Number),
  ),
  message: z.optional(z.string()),
  msg: z.optional(z.string()),
  trace: z.optional(z.string()),
  // Any value: the endpoint's schema reads it.
  data: z.optional(z.custom<unknown>()),
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
export const envelope = z.pipe(
  envelopeWire,
  z.transform(
    (e: z.output<typeof envelopeWire>): Envelope => ({
      code: e.code,
      message: e.message ?? e.msg ?? '',
      trace: e.trace ?? null,
      data: e.data,
    }),
  ),
)

/**
 * Parses an already JSON-decoded body as an envelope, or returns `undefined`
 * when it is not one. The fast path for the common shape avoids zod.
 *
 * @param body - A JSON value.
 * @returns The normalized envelope, or `undefined`.
 * @example
 * ```ts
 * readEnvelope(JSON.parse('{"code":1000,"message":"Ok","trace":"t","data":{}}'))?.code // 1000
 * ```
 */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (typeof body === 'object' && body !== null) {
    const b = body as Record<string, unknown>
    if (typeof b.code === 'number' && Number.isInteger(b.code) && typeof b.message === 'string') {
      const trace = b.trace
      if (trace === undefined || typeof trace === 'string') {
        return { code: b.code, message: b.message, trace: trace ?? null, data: b.data }
      }
    }
  }
  const parsed = envelope.safeParse(body)
  return parsed.success ? parsed.data : undefined
}
