/**
 * Signed mode: every endpoint requires `X-API-KEY`, `X-API-SIGN` and
 * `X-API-TIMESTAMP`, checked by `verifyNodeRequest` from `@perpkit/signer`
 * (the verifier services use, and the same code clients sign with), failures
 * answered with the status and live code of the reason, in the live layout.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http'
import { type ApiErrorCode, apiErrorCodes } from '@perpkit/schemas'
import {
  type Credentials,
  type HeaderNames,
  type VerifyFailureReason,
  verifyNodeRequest,
} from '@perpkit/signer'
import { WireError } from '../server/wire-error.ts'

/**
 * The live API code of each reason `verify` gives for rejecting a signed
 * request (all answered with HTTP 401 and `{trace, code, data: {}, message}`,
 * field notes "Live error bodies"): key header empty 30001, key not found
 * 30002, signature header empty 30004, signature wrong 30005, timestamp
 * header empty 30006, timestamp outside the window 30007, timestamp header
 * malformed 30008. (30003 means a frozen key on live servers: the sandbox
 * never sends it.)
 *
 * @example
 * ```ts
 * import { verifyFailureCodes } from '@perpkit/sandbox'
 *
 * verifyFailureCodes['signature-mismatch'] // 30005
 * ```
 */
export const verifyFailureCodes = {
  /** No `X-API-KEY` header: 30001. */
  'missing-key': apiErrorCodes.MISSING_KEY,
  /** An API key the sandbox does not know: 30002. */
  'unknown-key': apiErrorCodes.UNKNOWN_KEY,
  /** No `X-API-SIGN` header: 30004. */
  'missing-signature': apiErrorCodes.MISSING_SIGNATURE,
  /** A well-formed signature of something else: 30005. */
  'signature-mismatch': apiErrorCodes.SIGNATURE_MISMATCH,
  /** A signature that is not 64 lower-case hex characters: 30005, a wrong signature. */
  'malformed-signature': apiErrorCodes.SIGNATURE_MISMATCH,
  /** No `X-API-TIMESTAMP` header: 30006. */
  'missing-timestamp': apiErrorCodes.MISSING_TIMESTAMP,
  /** A timestamp further from the clock than `signatureWindowMs`: 30007. */
  'timestamp-outside-window': apiErrorCodes.TIMESTAMP_OUT_OF_WINDOW,
  /** A timestamp that is not epoch milliseconds in digits: 30008. */
  'malformed-timestamp': apiErrorCodes.MALFORMED_TIMESTAMP,
  /** A method no signature rule covers: 30005 (never sent: other methods get 405 first). */
  'unsupported-method': apiErrorCodes.SIGNATURE_MISMATCH,
} as const satisfies Record<VerifyFailureReason, ApiErrorCode>

/** What a signed-mode check needs from the sandbox. */
export interface SignedModeSettings {
  credentials: readonly Credentials[]
  windowMs: number
  getBodyRule: 'query' | 'empty'
  headerNames: HeaderNames
  now: () => number
}

/** A verifier bound to the sandbox's credentials and settings. */
export type SignatureCheck = (req: IncomingMessage) => Promise<WireError | undefined>

/**
 * Builds the signature check of a sandbox in signed mode. Replays are not
 * refused (`replay: false`): live servers document no such check, and tests
 * resend the same signed request.
 */
export function createSignatureCheck(settings: SignedModeSettings): SignatureCheck {
  const secrets = new Map(
    settings.credentials.map((c) => [c.apiKey, { secret: c.secret, memo: c.memo }] as const),
  )
  return async (req) => {
    const result = await verifyNodeRequest(req, {
      lookup: (apiKey) => secrets.get(apiKey),
      now: settings.now,
      windowMs: settings.windowMs,
      getBodyRule: settings.getBodyRule,
      headerNames: settings.headerNames,
      replay: false,
    })
    if (result.ok) return undefined
    return new WireError(result.status, result.code, result.message, 'auth')
  }
}
