/**
 * Signed mode, as live: an endpoint the table marks `SIGNED` requires
 * `X-API-KEY`, `X-API-SIGN` and `X-API-TIMESTAMP`, checked by
 * `verifyNodeRequest` from `@perpkit/signer` (the verifier services use, and
 * the same code clients sign with); one marked `KEYED` requires the key
 * alone; public ones (`NONE`) ask for nothing. Failures answer with the
 * status and live code of the reason, in the live layout; a frozen key with a
 * correct signature gets 30003.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http'
import { type ApiErrorCode, type AuthType, apiErrorCodes } from '@perpkit/schemas'
import {
  type Credentials,
  type HeaderNames,
  liveErrorCodes,
  type VerifyFailureReason,
  verifyNodeRequest,
} from '@perpkit/signer'
import { WireError } from '../wire/wire-error.ts'

/**
 * The live API code of each reason `verify` gives for rejecting a signed
 * request (all answered with HTTP 401 and `{trace, code, data: {}, message}`,
 * field notes "Live error bodies"): key header empty 30001, key not found
 * 30002, signature header empty 30004, signature wrong 30005, timestamp
 * header empty 30006, timestamp outside the window 30007, timestamp header
 * malformed 30008. A key listed in `frozenApiKeys` answers 30003 once its
 * signature checked out, as the signer's `verifyRequest` does.
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
  /** A key of `frozenApiKeys`, once its signature checked out: 30003. */
  'frozen-key': apiErrorCodes.KEY_FROZEN,
} as const satisfies Record<VerifyFailureReason | 'frozen-key', ApiErrorCode>

/** What a signed-mode check needs from the sandbox. */
export interface SignedModeSettings {
  credentials: readonly Credentials[]
  frozenApiKeys: ReadonlySet<string>
  windowMs: number
  getBodyRule: 'query' | 'empty'
  headerNames: HeaderNames
  now: () => number
}

/** An auth check: the refusal to answer with, or `undefined` when the request may pass. */
export type AuthCheck = (req: IncomingMessage) => Promise<WireError | undefined>

/**
 * A check of a signed request that also hands back what it verified: the key,
 * and the bytes the signature covers (the query string, `''` or the body).
 */
export type SignatureCheck = (
  req: IncomingMessage,
) => Promise<WireError | { apiKey: string; body: string }>

function authError(reason: keyof typeof liveErrorCodes, message: string): WireError {
  const { status, code } = liveErrorCodes[reason]
  return new WireError(status, code, message, 'auth')
}

/**
 * Builds the signature check of a sandbox. Replays are not refused
 * (`replay: false`): live servers document no such check, and tests resend
 * the same signed request.
 */
export function createSignatureCheck(settings: SignedModeSettings): SignatureCheck {
  const records = new Map(
    settings.credentials.map(
      (c) =>
        [
          c.apiKey,
          { secret: c.secret, memo: c.memo, frozen: settings.frozenApiKeys.has(c.apiKey) },
        ] as const,
    ),
  )
  return async (req) => {
    const result = await verifyNodeRequest(req, {
      lookup: (apiKey) => records.get(apiKey),
      now: settings.now,
      windowMs: settings.windowMs,
      getBodyRule: settings.getBodyRule,
      headerNames: settings.headerNames,
      replay: false,
    })
    if (!result.ok) return new WireError(result.status, result.code, result.message, 'auth')
    // A GET (or HEAD) signs its query string as sent, or '' by the 'empty' rule; others their body.
    const bodiless = req.method === 'GET' || req.method === 'HEAD'
    const url = req.url ?? ''
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
    const covered = settings.getBodyRule === 'query' ? query : ''
    return { apiKey: result.apiKey, body: bodiless ? covered : result.body }
  }
}

/**
 * The check of a `KEYED` endpoint: the key header alone, known and not
 * frozen (30001, 30002, 30003).
 */
function createKeyCheck(settings: SignedModeSettings): AuthCheck {
  const keys = new Set(settings.credentials.map((c) => c.apiKey))
  const header = settings.headerNames.apiKey
  return async (req) => {
    const value = req.headers[header.toLowerCase()]
    const apiKey = Array.isArray(value) ? value[0] : value
    if (apiKey === undefined || apiKey === '') {
      return authError('missing-key', `Header ${header} is empty`)
    }
    if (!keys.has(apiKey)) return authError('unknown-key', `Header ${header} not found`)
    if (settings.frozenApiKeys.has(apiKey)) {
      return authError('frozen-key', `Header ${header} is frozen`)
    }
    return undefined
  }
}

/** The check for each auth type of the table: none for `NONE`. */
export function createAuthChecks(
  settings: SignedModeSettings,
): Record<AuthType, AuthCheck | undefined> {
  const signature = createSignatureCheck(settings)
  return {
    NONE: undefined,
    KEYED: createKeyCheck(settings),
    SIGNED: async (req) => {
      const verdict = await signature(req)
      return verdict instanceof WireError ? verdict : undefined
    },
  }
}
