import { LOOKS_LIKE_SECONDS_BELOW } from './clock.ts'
import type { HeaderNames } from './headers.ts'

/**
 * Every reason {@link verify} can give for rejecting a request, in the order the checks run.
 * A service maps them to its error codes (for this API: 30001-30008, with 30007 for
 * `'timestamp-outside-window'`).
 *
 * @example
 * ```ts
 * import { verifyFailureReasons } from '@perpkit/signer'
 *
 * verifyFailureReasons.includes('signature-mismatch') // true
 * ```
 */
export const verifyFailureReasons = [
  'unsupported-method',
  'missing-key',
  'missing-signature',
  'missing-timestamp',
  'malformed-timestamp',
  'timestamp-outside-window',
  'unknown-key',
  'malformed-signature',
  'signature-mismatch',
] as const

/**
 * Why {@link verify} rejected a request:
 *
 * - `'unsupported-method'`: not GET, DELETE, POST or PUT, so no signature rule applies.
 * - `'missing-key'`, `'missing-signature'`, `'missing-timestamp'`: that header is absent or
 *   empty.
 * - `'malformed-timestamp'`: the timestamp header is not a string of digits.
 * - `'timestamp-outside-window'`: the timestamp is further from the verifier's clock than the
 *   window allows, in the past or in the future.
 * - `'unknown-key'`: no credentials for that API key.
 * - `'malformed-signature'`: the signature header is not 64 lower-case hex characters.
 * - `'signature-mismatch'`: well-formed, but not the signature of this request.
 *
 * @example
 * ```ts
 * import type { VerifyFailureReason } from '@perpkit/signer'
 *
 * // An exhaustive mapping: adding a reason makes this fail to compile.
 * const httpStatus: Record<VerifyFailureReason, number> = {
 *   'unsupported-method': 405,
 *   'missing-key': 401,
 *   'missing-signature': 401,
 *   'missing-timestamp': 401,
 *   'malformed-timestamp': 401,
 *   'timestamp-outside-window': 401,
 *   'unknown-key': 401,
 *   'malformed-signature': 401,
 *   'signature-mismatch': 401,
 * }
 * ```
 */
export type VerifyFailureReason = (typeof verifyFailureReasons)[number]

/**
 * A request that carries a valid signature.
 *
 * @example
 * ```ts
 * import { verify } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const result = await verify({ method: 'GET', headers: new Headers(), lookup: (k) => keys.get(k) })
 * if (result.ok) console.log(`signed by ${result.apiKey} at ${result.timestamp}`)
 * ```
 */
export interface VerifySuccess {
  /** Discriminant: the request is authentic. */
  readonly ok: true
  /** The API key the request was signed for. */
  readonly apiKey: string
  /** The request's timestamp header, in epoch milliseconds. */
  readonly timestamp: number
  /**
   * Which of the key's secrets matched: its position in the list the lookup returned (or
   * among the `credentials` of this key), `0` for a key with one secret. Never the secret.
   */
  readonly secretIndex: number
  /** The `label` of the matching entry, when it has one (`'2026-q3'`); never the secret. */
  readonly secretLabel: string | undefined
}

/**
 * A rejected request: why, and a message that is safe to send back to the caller.
 *
 * @example
 * ```ts
 * import { verify } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const result = await verify({ method: 'GET', headers: new Headers(), lookup: (k) => keys.get(k) })
 * if (!result.ok) console.log(result.reason, result.message) // 'missing-key', 'Missing X-API-KEY header: ...'
 * ```
 */
export interface VerifyFailure {
  /** Discriminant: the request is rejected. */
  readonly ok: false
  /** Stable reason, for mapping to an error code. */
  readonly reason: VerifyFailureReason
  /** Explanation that never contains a secret, a memo or the expected signature. */
  readonly message: string
}

/**
 * Result of {@link verify}: narrow on `ok`.
 *
 * @example
 * ```ts
 * import { type VerifyResult, verify } from '@perpkit/signer'
 *
 * const credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
 * const result: VerifyResult = await verify({ method: 'GET', headers: new Headers(), credentials })
 * const status = result.ok ? 200 : 401
 * ```
 */
export type VerifyResult = VerifySuccess | VerifyFailure

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`
}

/** Builds a failure whose message explains the reason in terms of the actual header names. */
export function fail(
  reason: VerifyFailureReason,
  names: HeaderNames,
  detail?: { skewMs: number; windowMs: number; timestamp: number },
): VerifyFailure {
  let message: string
  switch (reason) {
    case 'unsupported-method':
      message = 'Only GET, DELETE, POST and PUT requests can be signed.'
      break
    case 'missing-key':
      message = `Missing ${names.apiKey} header: send the API key.`
      break
    case 'missing-signature':
      message = `Missing ${names.signature} header: send the HMAC-SHA256 signature.`
      break
    case 'missing-timestamp':
      message = `Missing ${names.timestamp} header: send the request time in epoch milliseconds.`
      break
    case 'malformed-timestamp':
      message = `${names.timestamp} must be the request time in epoch milliseconds (digits only).`
      break
    case 'timestamp-outside-window': {
      const { skewMs = 0, windowMs = 0, timestamp = 0 } = detail ?? {}
      const direction = skewMs > 0 ? 'ahead of' : 'behind'
      const seconds =
        timestamp > 0 && timestamp < LOOKS_LIKE_SECONDS_BELOW
          ? ' It looks like seconds, not ms.'
          : ''
      message =
        `${names.timestamp} is ${formatSeconds(Math.abs(skewMs))} ${direction} the server ` +
        `clock; the accepted window is ${formatSeconds(windowMs)} either way. Sync the clock ` +
        `and sign every attempt afresh.${seconds}`
      break
    }
    case 'unknown-key':
      message = `Unknown API key in ${names.apiKey}.`
      break
    case 'malformed-signature':
      message = `${names.signature} must be 64 lower-case hex characters (an HMAC-SHA256 digest).`
      break
    case 'signature-mismatch':
      message =
        `${names.signature} does not match this request. It must be the lower-case hex ` +
        'HMAC-SHA256, under the API secret, of timestamp#memo#body: the timestamp exactly as ' +
        'sent, the memo of the API key (not an account id), and as body the query string ' +
        'exactly as sent for GET and DELETE or the exact JSON text for POST and PUT.'
      break
  }
  return { ok: false, reason, message }
}
