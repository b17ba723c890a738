import { type Clock, readClock } from './clock.ts'
import { compareBytesConstantTime } from './constant-time.ts'
import {
  assertCredentials,
  assertSecrets,
  type CredentialSecrets,
  type Credentials,
} from './credentials.ts'
import { SignerError } from './errors.ts'
import { type HeaderNames, type HeadersInput, readHeader, resolveHeaderNames } from './headers.ts'
import { decodeHex } from './hex.ts'
import { computeHmacCached } from './key-cache.ts'
import { computeHmacHexCachedSync, isSyncSigningAvailable } from './node-crypto.ts'
import { buildPrehash } from './prehash.ts'
import {
  type GetBodyRule,
  normalizeMethod,
  type QueryInput,
  resolveSignedBody,
} from './signed-body.ts'
import { fail, type VerifyFailure, type VerifyResult } from './verify-result.ts'

/**
 * Finds the secret and memo of an API key, or `undefined` for an unknown key. May be async
 * (a database or secrets-manager lookup).
 *
 * @example
 * ```ts
 * import type { CredentialsLookup } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const lookup: CredentialsLookup = async (apiKey) => keys.get(apiKey)
 * ```
 */
export type CredentialsLookup = (
  apiKey: string,
) => CredentialSecrets | undefined | Promise<CredentialSecrets | undefined>

/**
 * Options of {@link verify} shared by its two forms.
 *
 * @example
 * ```ts
 * import { type VerifyOptions, verify } from '@perpkit/signer'
 *
 * const options: VerifyOptions = {
 *   method: 'GET',
 *   query: 'symbol=BTCUSDT',
 *   headers: new Headers(),
 *   windowMs: 10_000,
 * }
 * const result = await verify({ ...options, lookup: () => undefined })
 * ```
 */
export interface VerifyOptions {
  /** The request method as received (any case). */
  method: string
  /**
   * The raw query string as received, with or without the leading `?` (in Node, the part of
   * `req.url` after the first `?`). Used for GET and DELETE.
   */
  query?: QueryInput | undefined
  /** The raw request body text as received. Used for POST and PUT. */
  body?: string | undefined
  /** The request headers: a WHATWG `Headers` or a Node-style record; case-insensitive. */
  headers: HeadersInput
  /**
   * Largest accepted distance, in milliseconds, between the timestamp header and `now`, in
   * the past or in the future (inclusive). @default 30_000
   */
  windowMs?: number | undefined
  /** The verifier's current time. @default Date.now */
  now?: Clock | undefined
  /** Overrides of the default header names ({@link defaultHeaderNames}). */
  headerNames?: Partial<HeaderNames> | undefined
  /** What GET requests sign; must match the clients. @default 'query' */
  getBodyRule?: GetBodyRule | undefined
}

/**
 * {@link verify} against one known set of credentials.
 *
 * @example
 * ```ts
 * import { type VerifyWithCredentialsParameters, verify } from '@perpkit/signer'
 *
 * const parameters: VerifyWithCredentialsParameters = {
 *   method: 'GET',
 *   query: 'symbol=BTCUSDT',
 *   headers: { 'x-api-key': 'my-key' },
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 * }
 * const result = await verify(parameters) // { ok: false, reason: 'missing-signature', ... }
 * ```
 */
export interface VerifyWithCredentialsParameters extends VerifyOptions {
  /** The only credentials accepted; any other API key is `'unknown-key'`. */
  credentials: Credentials
  /** Not allowed together with `credentials`. */
  lookup?: undefined
}

/**
 * {@link verify} against credentials looked up by the request's API key.
 *
 * @example
 * ```ts
 * import { type VerifyWithLookupParameters, verify } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const parameters: VerifyWithLookupParameters = {
 *   method: 'POST',
 *   body: '{"symbol":"BTCUSDT"}',
 *   headers: new Headers(),
 *   lookup: (apiKey) => keys.get(apiKey),
 * }
 * const result = await verify(parameters)
 * ```
 */
export interface VerifyWithLookupParameters extends VerifyOptions {
  /** Returns the secret and memo of an API key, or `undefined` when it is unknown. */
  lookup: CredentialsLookup
  /** Not allowed together with `lookup`. */
  credentials?: undefined
}

/**
 * Input of {@link verify}: either `credentials` or `lookup`.
 *
 * @example
 * ```ts
 * import { type VerifyParameters, verify } from '@perpkit/signer'
 *
 * function fromRequest(request: Request, body: string): VerifyParameters {
 *   const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 *   const url = new URL(request.url)
 *   return {
 *     method: request.method,
 *     query: url.search,
 *     body,
 *     headers: request.headers,
 *     lookup: (apiKey) => keys.get(apiKey),
 *   }
 * }
 * ```
 */
export type VerifyParameters = VerifyWithCredentialsParameters | VerifyWithLookupParameters

/** The accepted clock skew when `windowMs` is not given: 30 seconds. */
const defaultWindowMs = 30_000

// Up to 16 digits stays within Number.MAX_SAFE_INTEGER and covers any plausible time in ms.
const timestampPattern = /^\d{1,16}$/

function checkWindow(windowMs: unknown): number {
  if (windowMs === undefined) return defaultWindowMs
  if (typeof windowMs === 'number' && Number.isFinite(windowMs) && windowMs >= 0) return windowMs
  throw new SignerError('invalid-argument', 'windowMs must be a finite, non-negative number.')
}

function checkFound(found: CredentialSecrets | undefined): CredentialSecrets | undefined {
  if (found !== undefined) assertSecrets(found, 'lookup(apiKey) result')
  return found
}

/** The key's secrets; a promise only when an async lookup returned one (no await otherwise). */
function findSecrets(
  parameters: VerifyParameters,
  apiKey: string,
): CredentialSecrets | undefined | Promise<CredentialSecrets | undefined> {
  if (parameters.credentials !== undefined) {
    return parameters.credentials.apiKey === apiKey ? parameters.credentials : undefined
  }
  const found = parameters.lookup(apiKey)
  return found instanceof Promise ? found.then(checkFound) : checkFound(found)
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
  return { ok: true, apiKey: result.apiKey, timestamp: result.timestamp }
}

/** What {@link verifyCore} finds out about an authentic request: never a secret. */
export interface CoreSuccess {
  readonly ok: true
  readonly apiKey: string
  readonly timestamp: number
  /** The received signature, lower-case hex (the replay key). */
  readonly signature: string
  /** The lookup marked the key frozen. */
  readonly frozen: boolean
  /** What `readBody` returned (`undefined` without one). */
  readonly body: string | undefined
}

/** A body reader's refusal: the reason it returns instead of the text. */
export type BodyRefusal = { readonly ok: false; readonly reason: 'body-too-large' }

/**
 * The checks of {@link verify}, in its order. With `readBody`, the body is read after the key
 * is found and the signature is well-formed, just before the HMAC, so unauthenticated junk is
 * refused before any body byte is read; POST and PUT sign what it returns.
 */
export async function verifyCore(
  parameters: VerifyParameters,
  readBody: (() => string | BodyRefusal | Promise<string | BodyRefusal>) | undefined,
): Promise<CoreSuccess | VerifyFailure | BodyRefusal> {
  const hasCredentials = parameters.credentials !== undefined
  if (hasCredentials === (parameters.lookup !== undefined)) {
    throw new SignerError('invalid-argument', 'verify needs either credentials or lookup.')
  }
  if (hasCredentials) assertCredentials(parameters.credentials, 'credentials')
  else if (typeof parameters.lookup !== 'function') {
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

  const pending = findSecrets(parameters, apiKey)
  const secrets = pending instanceof Promise ? await pending : pending
  if (secrets === undefined) return fail('unknown-key', names)
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
  const prehash = buildPrehash({ timestamp: timestampText, memo: secrets.memo, body })
  // node:crypto where the runtime has it (Node, Bun, Deno: several times faster than the
  // async WebCrypto call for a 32-byte MAC), WebCrypto elsewhere (workerd, browsers).
  const expected = isSyncSigningAvailable()
    ? decodeHex(computeHmacHexCachedSync(secrets.secret, prehash), 32)!
    : new Uint8Array(await computeHmacCached(secrets.secret, prehash))
  if (!compareBytesConstantTime(expected, received)) return fail('signature-mismatch', names)
  const frozen = (secrets as { frozen?: unknown }).frozen === true
  return { ok: true, apiKey, timestamp, signature, frozen, body: bodyText }
}
