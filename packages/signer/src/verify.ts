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
import { settleWithin } from './settle-within.ts'
import {
  type GetBodyRule,
  normalizeMethod,
  type QueryInput,
  resolveSignedBody,
} from './signed-body.ts'
import { fail, type VerifyFailure, type VerifyResult } from './verify-result.ts'

/**
 * Finds the secret and memo of an API key, or `undefined` for an unknown key. May be async
 * (a database or secrets-manager lookup). During a secret roll-over it may return several
 * (the new one and the old one, with their memos): a signature made with any of them
 * verifies, and the result's `secretIndex` says which one matched.
 *
 * @example
 * ```ts
 * import type { CredentialsLookup } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const lookup: CredentialsLookup = async (apiKey) => keys.get(apiKey)
 * // While 'my-key' rolls over to a new secret, both verify:
 * const rolling: CredentialsLookup = (apiKey) =>
 *   apiKey === 'my-key'
 *     ? [{ secret: 'new-secret', memo: 'my-memo' }, { secret: 'my-secret', memo: 'my-memo' }]
 *     : undefined
 * ```
 */
export type CredentialsLookup = (
  apiKey: string,
) => KeySecrets | undefined | Promise<KeySecrets | undefined>

/**
 * What a lookup returns for a known key: its secret and memo, or, while the key rolls over
 * to a new secret, a list of them (tried in order; an empty list is an unknown key).
 *
 * @example
 * ```ts
 * import type { KeySecrets } from '@perpkit/signer'
 *
 * const one: KeySecrets = { secret: 'my-secret', memo: 'my-memo' }
 * const rolling: KeySecrets = [one, { secret: 'next-secret', memo: 'my-memo' }]
 * ```
 */
export type KeySecrets = CredentialSecrets | readonly CredentialSecrets[]

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
  /**
   * The only credentials accepted; any other API key is `'unknown-key'`. A list accepts each
   * of them: several keys, or one key with its old and new secret during a roll-over (tried
   * in list order; `secretIndex` counts among the entries of the request's key).
   */
  credentials: Credentials | readonly Credentials[]
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

function checkFound(found: KeySecrets | undefined): KeySecrets | undefined {
  if (found === undefined) return undefined
  if (isSecretList(found)) {
    for (const [index, entry] of found.entries()) {
      assertSecrets(entry, `lookup(apiKey) result[${index}]`)
    }
    return found.length === 0 ? undefined : found
  }
  assertSecrets(found, 'lookup(apiKey) result')
  return found
}

function isSecretList(found: KeySecrets): found is readonly CredentialSecrets[] {
  return Array.isArray(found)
}

/** The entries of a credentials list that belong to `apiKey`. */
function credentialsFor(list: readonly Credentials[], apiKey: string): KeySecrets | undefined {
  const matching = list.filter((entry) => {
    assertCredentials(entry, 'credentials[]')
    return entry.apiKey === apiKey
  })
  if (matching.length === 0) return undefined
  return matching.length === 1 ? matching[0] : matching
}

/** What a guarded lookup gives instead of secrets when it failed or took too long. */
const lookupFailed: unique symbol = Symbol('lookup failed')

/**
 * The key's secrets; a promise only when an async lookup returned one (no await otherwise).
 * With a guard, a lookup that throws, rejects or passes the timeout gives `lookupFailed`
 * (the error goes to `guard.onError`); without one, its error propagates.
 */
function findSecrets(
  parameters: VerifyParameters,
  apiKey: string,
  guard: LookupGuard | undefined,
):
  | KeySecrets
  | undefined
  | typeof lookupFailed
  | Promise<KeySecrets | undefined | typeof lookupFailed> {
  const { credentials } = parameters
  if (credentials !== undefined) {
    if (isCredentialsList(credentials)) return credentialsFor(credentials, apiKey)
    return credentials.apiKey === apiKey ? credentials : undefined
  }
  if (guard === undefined) {
    const found = parameters.lookup(apiKey)
    return found instanceof Promise ? found.then(checkFound) : checkFound(found)
  }
  let found: ReturnType<CredentialsLookup>
  try {
    found = parameters.lookup(apiKey)
  } catch (error) {
    guard.onError(error)
    return lookupFailed
  }
  if (!(found instanceof Promise)) return checkFound(found)
  return settleWithin(found, guard.timeoutMs, 'lookup').then((settled) => {
    if (settled.ok) return checkFound(settled.value)
    guard.onError(settled.error)
    return lookupFailed
  })
}

function isCredentialsList(
  credentials: Credentials | readonly Credentials[],
): credentials is readonly Credentials[] {
  return Array.isArray(credentials)
}

/** How {@link verifyCore} bounds the lookup for `verifyRequest`: a timeout and an error sink. */
export interface LookupGuard {
  /** Longest wait for an async lookup, in ms (`Infinity`: no limit). */
  readonly timeoutMs: number
  /** Receives what the lookup threw, or the timeout error. */
  readonly onError: (error: unknown) => void
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
