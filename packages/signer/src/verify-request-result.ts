import type { VerifyFailureReason } from './verify-result.ts'

/**
 * Why {@link verifyRequest} refused a request: every {@link VerifyFailureReason}, plus
 *
 * - `'frozen-key'`: the lookup marked the key `frozen` (checked after the signature, so only
 *   a holder of the secret learns it);
 * - `'replay'`: this exact signed request was already accepted within the window;
 * - `'body-too-large'`: the body passed `maxBodyBytes` (declared or counted);
 * - `'unsigned-body'`: a GET, HEAD or DELETE carries a body, which its signature does not
 *   cover (those methods sign the query string, or nothing under `getBodyRule: 'empty'`);
 * - `'unsigned-query'`: with `unsignedQuery: 'refuse'`, a query string the signature does not
 *   cover (on POST and PUT, or on GET under `getBodyRule: 'empty'`);
 * - `'malformed-body'`: with `parseJson`, a signed body that is not JSON text;
 * - `'lookup-unavailable'`: the key lookup threw, rejected, passed `lookupTimeoutMs` or
 *   answered something that is no key's secrets (a `null` or empty stored secret);
 * - `'replay-unavailable'`: the replay store threw (a full in-process store), rejected (Redis
 *   down) or passed `replayTimeoutMs`: the request fails closed.
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
  | 'unsigned-body'
  | 'unsigned-query'
  | 'malformed-body'
  | 'lookup-unavailable'
  | 'replay-unavailable'

/**
 * An authentic, fresh, first-seen request, with its body: only bytes the signature covers
 * (a POST or PUT body; `''` for GET, HEAD and DELETE, whose bodies are refused).
 *
 * @example
 * ```ts
 * import { verifyRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const result = await verifyRequest(new Request('http://localhost/x'), {
 *   lookup: (k) => keys.get(k),
 *   parseJson: true,
 * })
 * if (result.ok) console.log(result.json, result.secretIndex) // the parsed signed body
 * ```
 */
export interface VerifyRequestSuccess {
  /** Discriminant: the request is authentic. */
  readonly ok: true
  /** The API key the request was signed for. */
  readonly apiKey: string
  /** The request's timestamp header, in epoch milliseconds. */
  readonly timestamp: number
  /**
   * The signed request body as text (UTF-8), `''` when there is none: always `''` for GET,
   * HEAD and DELETE, whose signature covers no body. The stream is consumed.
   */
  readonly body: string
  /** With `parseJson`: the parsed body, `undefined` when there is none. */
  readonly json: unknown
  /**
   * Which of the key's secrets matched: its position in the list the lookup returned (or
   * among the `credentials` of this key), `0` for a key with one secret. Never the secret.
   */
  readonly secretIndex: number
  /** The `label` of the matching record, when it has one; never the secret. */
  readonly secretLabel: string | undefined
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
