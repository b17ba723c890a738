import type { VerifyFailureReason } from './verify-result.ts'

/**
 * Why {@link verifyRequest} refused a request: every {@link VerifyFailureReason}, plus
 *
 * - `'frozen-key'`: the lookup marked the key `frozen` (checked after the signature, so only
 *   a holder of the secret learns it);
 * - `'replay'`: this exact signed request was already accepted within the window;
 * - `'body-too-large'`: the body passed `maxBodyBytes` (declared or counted).
 *
 * @example
 * ```ts
 * import type { VerifyRequestFailureReason } from '@perpkit/signer'
 *
 * const retryable = (reason: VerifyRequestFailureReason) => reason === 'timestamp-outside-window'
 * ```
 */
export type VerifyRequestFailureReason =
  | VerifyFailureReason
  | 'frozen-key'
  | 'replay'
  | 'body-too-large'

/**
 * An authentic, fresh, first-seen request, with its body.
 *
 * @example
 * ```ts
 * import { verifyRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const result = await verifyRequest(new Request('http://localhost/x'), { lookup: (k) => keys.get(k) })
 * if (result.ok) JSON.parse(result.body || '{}') // the body, read once by verifyRequest
 * ```
 */
export interface VerifyRequestSuccess {
  /** Discriminant: the request is authentic. */
  readonly ok: true
  /** The API key the request was signed for. */
  readonly apiKey: string
  /** The request's timestamp header, in epoch milliseconds. */
  readonly timestamp: number
  /** The request body as text (UTF-8), `''` when there is none. The stream is consumed. */
  readonly body: string
}

/**
 * A refused request: why, what the live service answers (`status`, `code`), and a message
 * that is safe to send back.
 *
 * @example
 * ```ts
 * import { verifyRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const result = await verifyRequest(new Request('http://localhost/x'), { lookup: (k) => keys.get(k) })
 * if (!result.ok) console.log(result.reason, result.status, result.code) // 'missing-key' 401 30001
 * ```
 */
export interface VerifyRequestFailure {
  /** Discriminant: the request is refused. */
  readonly ok: false
  /** Which check failed. */
  readonly reason: VerifyRequestFailureReason
  /** The HTTP status to answer (see {@link liveErrorCodes}). */
  readonly status: number
  /** The live API code to answer (see {@link liveErrorCodes}). */
  readonly code: number
  /** Never contains a secret, a memo or the expected signature. */
  readonly message: string
}

/**
 * Result of {@link verifyRequest} and {@link verifyNodeRequest}: narrow on `ok`.
 *
 * @example
 * ```ts
 * import { type VerifyRequestResult, verifyRequest } from '@perpkit/signer'
 *
 * const credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
 * const result: VerifyRequestResult = await verifyRequest(new Request('http://localhost/x'), { credentials })
 * ```
 */
export type VerifyRequestResult = VerifyRequestSuccess | VerifyRequestFailure
