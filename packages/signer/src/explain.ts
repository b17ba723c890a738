import { type Clock, readClock } from './clock.ts'
import { assertCredentials, type Credentials } from './credentials.ts'
import { collectHints } from './explain-hints.ts'
import { encodeHexBuffer } from './hex.ts'
import { computeHmacCached } from './key-cache.ts'
import { buildPrehash, formatTimestamp } from './prehash.ts'
import { defineRedactedView } from './redact.ts'
import {
  type BodyRule,
  type BuildSignedBodyParameters,
  type HttpMethod,
  normalizeQuery,
  resolveSignedBody,
} from './signed-body.ts'

/**
 * Input of {@link explainSignature}: a request as {@link signRequest} takes it.
 *
 * @example
 * ```ts
 * import { type ExplainSignatureParameters, explainSignature } from '@perpkit/signer'
 *
 * const parameters: ExplainSignatureParameters = {
 *   method: 'GET',
 *   query: 'symbol=BTCUSDT',
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 *   timestamp: '1700000000000', // from the rejected request's X-API-TIMESTAMP
 * }
 * const explanation = await explainSignature(parameters)
 * ```
 */
export interface ExplainSignatureParameters extends BuildSignedBodyParameters {
  /** The credentials the request was (or will be) signed with. */
  credentials: Credentials
  /**
   * The timestamp to reproduce, exactly as sent in the timestamp header of a rejected
   * request; when absent, the current time from `now`.
   */
  timestamp?: number | string | undefined
  /**
   * The current time: the timestamp when `timestamp` is absent, and the clock the
   * timestamp is compared with for the skew hint. @default Date.now
   */
  now?: Clock | undefined
}

/**
 * The pieces of a signature side by side. Printing it (`console.log`, `JSON.stringify`,
 * `String()`) shows `maskedPrehash` in place of `prehash`, so the memo never reaches a log;
 * `prehash` itself stays readable for an exact comparison in code.
 *
 * @example
 * ```ts
 * import { explainSignature, type SignatureExplanation } from '@perpkit/signer'
 *
 * const explanation: SignatureExplanation = await explainSignature({
 *   method: 'GET',
 *   query: 'symbol=BTCUSDT',
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 * })
 * console.log(explanation) // prints maskedPrehash, never the memo
 * console.log(explanation.hints.join('\n'))
 * ```
 */
export interface SignatureExplanation {
  /** The method, upper case. */
  readonly method: HttpMethod
  /** Which rule chose the signed body. */
  readonly bodyRule: BodyRule
  /** The timestamp, exactly as it goes into the header and the prehash. */
  readonly timestamp: string
  /** The signed body chosen by `bodyRule`. */
  readonly body: string
  /**
   * The exact signed string `timestamp#memo#body`. It contains the memo: compare it in code
   * (`explanation.prehash === expected`), do not log it. Non-enumerable and redacted when
   * printed.
   */
  readonly prehash: string
  /** `prehash` with the memo replaced by `[memo: N chars]`: safe to print. */
  readonly maskedPrehash: string
  /** The lower-case hex signature of `prehash`, as sent in the signature header. */
  readonly signature: string
  /** Likely causes of a rejection spotted in this input, one sentence each (may be empty). */
  readonly hints: readonly string[]
}

/**
 * Shows what gets signed and the resulting signature, to debug the most common failure: a
 * signature the server rejects. Compare `maskedPrehash` and `signature` with what another
 * implementation produces, read `hints` for likely causes (memo vs account id, seconds vs
 * milliseconds, clock skew, GET body rule, query encoding), and pass the `timestamp` of a
 * rejected request to reproduce its exact signature.
 *
 * @param parameters - The request as for {@link signRequest}, plus an optional `timestamp`.
 * @returns A promise of the explanation; printing it never reveals the memo or the secret.
 * @throws {SignerError} (as a rejection) for the same invalid input as {@link signRequest}.
 *
 * @example
 * ```ts
 * import { explainSignature } from '@perpkit/signer'
 *
 * const explanation = await explainSignature({
 *   method: 'GET',
 *   query: 'symbol=BTCUSDT',
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 *   timestamp: '1700000000000',
 * })
 * console.log(explanation.maskedPrehash) // '1700000000000#[memo: 7 chars]#symbol=BTCUSDT'
 * console.log(explanation.signature, explanation.hints)
 * explanation.prehash === '1700000000000#my-memo#symbol=BTCUSDT' // true
 * ```
 */
export async function explainSignature(
  parameters: ExplainSignatureParameters,
): Promise<SignatureExplanation> {
  const { credentials } = parameters
  assertCredentials(credentials, 'credentials')
  const { method, rule, body } = resolveSignedBody(parameters, true)
  const now = readClock(parameters.now)
  const timestamp =
    parameters.timestamp === undefined ? String(now) : formatTimestamp(parameters.timestamp)
  const prehash = buildPrehash({ timestamp, memo: credentials.memo, body })
  const signature = encodeHexBuffer(await computeHmacCached(credentials.secret, prehash))
  const hints = collectHints({
    method,
    rule,
    query: normalizeQuery(parameters.query),
    body,
    secret: credentials.secret,
    memo: credentials.memo,
    timestamp,
    now,
  })
  const view = {
    method,
    bodyRule: rule,
    timestamp,
    body,
    maskedPrehash: `${timestamp}#[memo: ${credentials.memo.length} chars]#${body}`,
    signature,
    hints: Object.freeze(hints),
  }
  const explanation = { ...view } as SignatureExplanation
  Object.defineProperty(explanation, 'prehash', { value: prehash, enumerable: false })
  defineRedactedView(explanation, 'SignatureExplanation', () => ({ ...view }))
  return Object.freeze(explanation)
}
