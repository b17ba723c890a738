/**
 * Signed mode: every endpoint requires `X-API-KEY`, `X-API-SIGN` and
 * `X-API-TIMESTAMP`, checked by `verify` from `@perpkit/signer` (the same
 * code clients sign with), failures answered with HTTP 401 and the code of
 * the reason.
 *
 * @module
 */
import type { IncomingHttpHeaders } from 'node:http'
import { type ApiErrorCode, apiErrorCodes } from '@perpkit/schemas'
import { type VerifyFailureReason, verify } from '@perpkit/signer'
import type { SandboxCredentials } from '../options.ts'
import { ApiError } from '../server/api-error.ts'

/**
 * The API code of each reason `verify` gives for rejecting a signed request
 * (all answered with HTTP 401): missing key 30001, unknown key 30002,
 * missing signature 30003, missing timestamp 30004, malformed timestamp
 * 30005, signature mismatch 30006, timestamp outside the window 30007; a
 * malformed signature or an unsignable method 30008.
 *
 * @example
 * ```ts
 * import { verifyFailureCodes } from '@perpkit/sandbox'
 *
 * verifyFailureCodes['signature-mismatch'] // 30006
 * ```
 */
export const verifyFailureCodes = {
  /** No `X-API-KEY` header: 30001. */
  'missing-key': apiErrorCodes.MISSING_KEY,
  /** An API key the sandbox does not know: 30002. */
  'unknown-key': apiErrorCodes.UNKNOWN_KEY,
  /** No `X-API-SIGN` header: 30003. */
  'missing-signature': apiErrorCodes.MISSING_SIGNATURE,
  /** No `X-API-TIMESTAMP` header: 30004. */
  'missing-timestamp': apiErrorCodes.MISSING_TIMESTAMP,
  /** A timestamp that is not epoch milliseconds in digits: 30005. */
  'malformed-timestamp': apiErrorCodes.MALFORMED_TIMESTAMP,
  /** A well-formed signature of something else: 30006. */
  'signature-mismatch': apiErrorCodes.SIGNATURE_MISMATCH,
  /** A timestamp further from the clock than `signatureWindowMs`: 30007. */
  'timestamp-outside-window': apiErrorCodes.TIMESTAMP_OUT_OF_WINDOW,
  /** A signature that is not 64 lower-case hex characters: 30008. */
  'malformed-signature': apiErrorCodes.AUTH_HEADER_ERROR,
  /** A method no signature rule covers: 30008. */
  'unsupported-method': apiErrorCodes.AUTH_HEADER_ERROR,
} as const satisfies Record<VerifyFailureReason, ApiErrorCode>

/** What a signed-mode check needs from the sandbox. */
export interface SignedModeSettings {
  credentials: readonly SandboxCredentials[]
  windowMs: number
  getBodyRule: 'query' | 'empty'
  now: () => number
}

/** A verifier bound to the sandbox's credentials and settings. */
export type SignatureCheck = (
  method: string,
  rawQuery: string,
  headers: IncomingHttpHeaders,
) => Promise<ApiError | undefined>

/** Builds the signature check of a sandbox in signed mode. */
export function createSignatureCheck(settings: SignedModeSettings): SignatureCheck {
  const secrets = new Map(
    settings.credentials.map((c) => [c.apiKey, { secret: c.secret, memo: c.memo }] as const),
  )
  return async (method, rawQuery, headers) => {
    const result = await verify({
      method,
      query: rawQuery,
      headers,
      lookup: (apiKey) => secrets.get(apiKey),
      now: settings.now,
      windowMs: settings.windowMs,
      getBodyRule: settings.getBodyRule,
    })
    if (result.ok) return undefined
    return new ApiError(401, verifyFailureCodes[result.reason], result.message)
  }
}
