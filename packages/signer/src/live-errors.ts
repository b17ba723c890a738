import type { VerifyRequestFailure, VerifyRequestFailureReason } from './verify-request-result.ts'

/**
 * The live API's answer to each reason {@link verifyRequest} gives: HTTP status and code
 * (30001 key header empty, 30002 key not found, 30003 key frozen, 30004 signature header
 * empty, 30005 signature wrong, 30006 timestamp header empty, 30007 timestamp outside the
 * window, 30008 timestamp header malformed). The other reasons have no live counterpart and
 * their answers are this package's choice: `'replay'` answers 30007 (a timestamp and
 * signature already used are no longer fresh); `'body-too-large'` answers HTTP 413 with 30005
 * (the signature cannot be checked); `'unsigned-body'` and `'unsigned-query'` answer 401 with
 * 30005 (the request carries bytes its signature does not cover: as sent, it is not what was
 * signed); `'malformed-body'` answers 400 with 40007 (the live parameter parse error); the
 * `'lookup-unavailable'` and `'replay-unavailable'` outages answer 503 with 30014 (the live
 * "service unavailable", which clients retry). A malformed signature is a wrong one (30005),
 * as is an unsupported method.
 *
 * @example
 * ```ts
 * import { liveErrorCodes } from '@perpkit/signer'
 *
 * liveErrorCodes['signature-mismatch'] // { status: 401, code: 30005 }
 * ```
 */
export const liveErrorCodes: Readonly<
  Record<VerifyRequestFailureReason, { readonly status: number; readonly code: number }>
> = Object.freeze({
  'unsupported-method': { status: 401, code: 30005 },
  'missing-key': { status: 401, code: 30001 },
  'missing-signature': { status: 401, code: 30004 },
  'missing-timestamp': { status: 401, code: 30006 },
  'malformed-timestamp': { status: 401, code: 30008 },
  'timestamp-outside-window': { status: 401, code: 30007 },
  'unknown-key': { status: 401, code: 30002 },
  'malformed-signature': { status: 401, code: 30005 },
  'signature-mismatch': { status: 401, code: 30005 },
  'frozen-key': { status: 401, code: 30003 },
  replay: { status: 401, code: 30007 },
  'body-too-large': { status: 413, code: 30005 },
  'unsigned-body': { status: 401, code: 30005 },
  'unsigned-query': { status: 401, code: 30005 },
  'malformed-body': { status: 400, code: 40007 },
  'lookup-unavailable': { status: 503, code: 30014 },
  'replay-unavailable': { status: 503, code: 30014 },
})

/**
 * The live layout of an authentication error body: `{trace, code, data: {}, message}`, keys
 * in that order.
 *
 * @example
 * ```ts
 * import type { LiveErrorBody } from '@perpkit/signer'
 *
 * const body: LiveErrorBody = { trace: 'abc', code: 30005, data: {}, message: 'Bad signature.' }
 * ```
 */
export interface LiveErrorBody {
  /** A request id (random hex unless given). */
  readonly trace: string
  /** The live code: 30001-30008, 30014 for an outage, 40007 for a body that is not JSON. */
  readonly code: number
  /** Always an empty object on authentication errors. */
  readonly data: Record<string, never>
  /** The failure's message: never a secret, a memo or the expected signature. */
  readonly message: string
}

function randomTrace(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '')
}

/**
 * The body the live service sends for a failure, in its layout and key order.
 *
 * @param failure - A failed {@link verifyRequest} result.
 * @param trace - The request id to report. @default a random 32-hex-digit id
 * @returns `{trace, code, data: {}, message}`.
 *
 * @example
 * ```ts
 * import { liveErrorBody, verifyRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const result = await verifyRequest(new Request('http://localhost/x'), { lookup: (k) => keys.get(k) })
 * if (!result.ok) JSON.stringify(liveErrorBody(result)) // '{"trace":"…","code":30001,"data":{},"message":"…"}'
 * ```
 */
export function liveErrorBody(failure: VerifyRequestFailure, trace = randomTrace()): LiveErrorBody {
  return { trace, code: failure.code, data: {}, message: failure.message }
}

/**
 * A Fetch-API `Response` answering a failure as the live service does: its HTTP status and
 * {@link liveErrorBody} as JSON. For Hono, `Deno.serve`, `Bun.serve` and Workers.
 *
 * @param failure - A failed {@link verifyRequest} result.
 * @param trace - The request id to report. @default a random 32-hex-digit id
 * @returns The response to send.
 *
 * @example
 * ```ts
 * import { liveErrorResponse, verifyRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * export async function handle(request: Request): Promise<Response> {
 *   const result = await verifyRequest(request, { lookup: (k) => keys.get(k) })
 *   if (!result.ok) return liveErrorResponse(result)
 *   return new Response(`hello ${result.apiKey}`)
 * }
 * ```
 */
export function liveErrorResponse(failure: VerifyRequestFailure, trace?: string): Response {
  return new Response(JSON.stringify(liveErrorBody(failure, trace)), {
    status: failure.status,
    headers: { 'content-type': 'application/json' },
  })
}
