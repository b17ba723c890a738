import { readClock } from './clock.ts'
import { compareBytesConstantTime } from './constant-time.ts'
import { assertCredentials, type CredentialSecrets } from './credentials.ts'
import { SignerError } from './errors.ts'
import {
  findSecrets,
  isCredentialsList,
  isSecretList,
  type LookupGuard,
  lookupFailed,
} from './find-secrets.ts'
import { readHeader, resolveHeaderNames } from './headers.ts'
import { decodeHex } from './hex.ts'
import { computeHmacCached } from './key-cache.ts'
import { computeHmacHexCachedSync, isSyncSigningAvailable } from './node-crypto.ts'
import { buildPrehash } from './prehash.ts'
import { normalizeMethod, resolveSignedBody } from './signed-body.ts'
import type { VerifyParameters } from './verify-options.ts'
import { fail, type VerifyFailure, type VerifyResult } from './verify-result.ts'

export type { LookupGuard } from './find-secrets.ts'
export type {
  CredentialsLookup,
  KeySecrets,
  VerifyOptions,
  VerifyParameters,
  VerifyWithCredentialsParameters,
  VerifyWithLookupParameters,
} from './verify-options.ts'

/** The accepted clock skew when `windowMs` is not given: 30 seconds. */
const defaultWindowMs = 30_000

// Up to 16 digits stays within Number.MAX_SAFE_INTEGER and covers any plausible time in ms.
const timestampPattern = /^\d{1,16}$/

function checkWindow(windowMs: unknown): number {
  if (windowMs === undefined) return defaultWindowMs
  if (typeof windowMs === 'number' && Number.isFinite(windowMs) && windowMs >= 0) return windowMs
  throw new SignerError('invalid-argument', 'windowMs must be a finite, non-negative number.')
}

/**
 * Checks a signed request, for a service that receives them (the sandbox, a proxy, a test
 * server). Runs on `node:crypto` where the runtime has it and on WebCrypto elsewhere. Checks, in order: the method, the presence of
 * the three headers, the timestamp's format and its distance to `now` (at most `windowMs`, in
 * the past or the future), the API key (against `credentials` or `lookup`), the signature's
 * format, and finally the signature itself, compared in constant time. The expected signature
 * never leaves this function.
 *
 * @param parameters - What was received (method, raw query, raw body, headers), and either
 *   the accepted `credentials` or a `lookup` by API key, plus options.
 * @returns A promise of `{ ok: true, apiKey, timestamp }`, or of `{ ok: false, reason,
 *   message }` whose message is safe to return to the caller.
 * @throws {SignerError} (as a rejection) for misuse by the verifier itself, never for a bad
 *   request: both or neither of `credentials` and `lookup`, invalid server-side credentials,
 *   a bad `windowMs`, `now` or header name. Errors thrown by `lookup` propagate.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * import { verify } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 *
 * createServer(async (req, res) => {
 *   const url = req.url ?? '/'
 *   const result = await verify({
 *     method: req.method ?? 'GET',
 *     query: url.includes('?') ? url.slice(url.indexOf('?') + 1) : '',
 *     headers: req.headers,
 *     lookup: (apiKey) => keys.get(apiKey),
 *   })
 *   if (!result.ok) {
 *     res.writeHead(401, { 'content-type': 'application/json' })
 *     res.end(JSON.stringify({ reason: result.reason, message: result.message }))
 *     return
 *   }
 *   res.end(`hello ${result.apiKey}`)
 * }).listen(8080)
 * ```
 */
export async function verify(parameters: VerifyParameters): Promise<VerifyResult> {
  const result = await verifyCore(parameters, undefined)
  if (!result.ok) return result as VerifyFailure
  const { apiKey, timestamp, secretIndex, secretLabel } = result
  return { ok: true, apiKey, timestamp, secretIndex, secretLabel }
}

/** What {@link verifyCore} finds out about an authentic request: never a secret. */
export interface CoreSuccess {
  readonly ok: true
  readonly apiKey: string
  readonly timestamp: number
  /** Which of the key's secrets matched: its position in what the lookup returned. */
  readonly secretIndex: number
  /** The matching entry's `label`, if it has one. */
  readonly secretLabel: string | undefined
  /** The received signature, lower-case hex (the replay key). */
  readonly signature: string
  /** The lookup marked the key frozen. */
  readonly frozen: boolean
  /** What `readBody` returned (`undefined` without one). */
  readonly body: string | undefined
}

/**
 * A body reader's refusal: the reason it returns instead of the text (`'unsigned-body'` and
 * `'unsigned-query'` carry their message).
 */
export type BodyRefusal =
  | { readonly ok: false; readonly reason: 'body-too-large' }
  | { readonly ok: false; readonly reason: 'unsigned-body' | 'unsigned-query' }

/** The lookup failed or passed its timeout (only with a {@link LookupGuard}). */
export type LookupRefusal = { readonly ok: false; readonly reason: 'lookup-unavailable' }

/**
 * The checks of {@link verify}, in its order. With `readBody`, the body is read after the key
 * is found and the signature is well-formed, just before the HMAC, so unauthenticated junk is
 * refused before any body byte is read; POST and PUT sign what it returns.
 */
export async function verifyCore(
  parameters: VerifyParameters,
  readBody: (() => string | BodyRefusal | Promise<string | BodyRefusal>) | undefined,
  guard?: LookupGuard,
): Promise<CoreSuccess | VerifyFailure | BodyRefusal | LookupRefusal> {
  const hasCredentials = parameters.credentials !== undefined
  if (hasCredentials === (parameters.lookup !== undefined)) {
    throw new SignerError('invalid-argument', 'verify needs either credentials or lookup.')
  }
  if (hasCredentials) {
    if (!isCredentialsList(parameters.credentials)) {
      assertCredentials(parameters.credentials, 'credentials')
    }
  } else if (typeof parameters.lookup !== 'function') {
    throw new SignerError('invalid-argument', 'lookup must be a function (apiKey) => secrets.')
  }
  const names = resolveHeaderNames(parameters.headerNames)
  const windowMs = checkWindow(parameters.windowMs)
  const now = readClock(parameters.now)

  const method = normalizeMethod(parameters.method)
  if (method === undefined) return fail('unsupported-method', names)
  const { headers } = parameters
  const apiKey = readHeader(headers, names.apiKey)
  if (apiKey === undefined) return fail('missing-key', names)
  const signature = readHeader(headers, names.signature)
  if (signature === undefined) return fail('missing-signature', names)
  const timestampText = readHeader(headers, names.timestamp)
  if (timestampText === undefined) return fail('missing-timestamp', names)
  if (!timestampPattern.test(timestampText)) return fail('malformed-timestamp', names)
  const timestamp = Number(timestampText)
  const skewMs = timestamp - now
  if (Math.abs(skewMs) > windowMs) {
    return fail('timestamp-outside-window', names, { skewMs, windowMs, timestamp })
  }

  const pending = findSecrets(parameters, apiKey, guard)
  const found = pending instanceof Promise ? await pending : pending
  if (found === lookupFailed) return { ok: false, reason: 'lookup-unavailable' }
  if (found === undefined) return fail('unknown-key', names)
  const received = decodeHex(signature, 32)
  if (received === undefined) return fail('malformed-signature', names)

  let bodyText: string | undefined
  if (readBody !== undefined) {
    const reading = readBody()
    const read = reading instanceof Promise ? await reading : reading
    if (typeof read !== 'string') return read
    bodyText = read
  }
  const { body } = resolveSignedBody(
    {
      method,
      query: parameters.query,
      body: bodyText ?? parameters.body,
      getBodyRule: parameters.getBodyRule,
    },
    false,
  )
  // One secret (the usual case), or each of a key's secrets during a roll-over, in order.
  const entries = isSecretList(found) ? found : [found]
  for (let index = 0; index < entries.length; index++) {
    const secrets = entries[index]!
    const match = matches(secrets, timestampText, body, received)
    if (match instanceof Promise ? await match : match) {
      const { frozen, label } = secrets as { frozen?: unknown; label?: unknown }
      return {
        ok: true,
        apiKey,
        timestamp,
        signature,
        frozen: frozen === true,
        body: bodyText,
        secretIndex: index,
        secretLabel: typeof label === 'string' ? label : undefined,
      }
    }
  }
  return fail('signature-mismatch', names)
}

/** Whether `received` is the signature of `timestamp#memo#body` under the entry's secret. */
function matches(
  secrets: CredentialSecrets,
  timestampText: string,
  body: string,
  received: Uint8Array,
): boolean | Promise<boolean> {
  const prehash = buildPrehash({ timestamp: timestampText, memo: secrets.memo, body })
  // node:crypto where the runtime has it (Node, Bun, Deno: several times faster than the
  // async WebCrypto call for a 32-byte MAC), WebCrypto elsewhere (workerd, browsers).
  if (isSyncSigningAvailable()) {
    const expected = decodeHex(computeHmacHexCachedSync(secrets.secret, prehash), 32)!
    return compareBytesConstantTime(expected, received)
  }
  return computeHmacCached(secrets.secret, prehash).then((mac) =>
    compareBytesConstantTime(new Uint8Array(mac), received),
  )
}
