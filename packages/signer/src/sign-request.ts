import { type Clock, readClock } from './clock.ts'
import { assertApiKey, assertCredentials, type Credentials } from './credentials.ts'
import { SignerError } from './errors.ts'
import { type HeaderNames, resolveHeaderNames } from './headers.ts'
import { encodeHexBuffer } from './hex.ts'
import { computeHmacCached } from './key-cache.ts'
import { computeHmacHexCachedSync } from './node-crypto.ts'
import { buildPrehash } from './prehash.ts'
import { type BuildSignedBodyParameters, resolveSignedBody } from './signed-body.ts'

/**
 * An endpoint's auth type (spec section 5): `'NONE'` (public, no headers), `'KEYED'` (the API
 * key header alone) or `'SIGNED'` (API key, signature and timestamp headers).
 *
 * @example
 * ```ts
 * import { type AuthType, signRequest } from '@perpkit/signer'
 *
 * const auth: AuthType = 'KEYED'
 * const credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
 * await signRequest({ method: 'GET', credentials, auth }) // { 'X-API-KEY': 'my-key' }
 * ```
 */
export type AuthType = 'NONE' | 'KEYED' | 'SIGNED'

/**
 * Header name to value, ready for `fetch`, ky or Node's `http.request`.
 *
 * @example
 * ```ts
 * import { type SignedHeaders, signRequest } from '@perpkit/signer'
 *
 * const credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
 * const headers: SignedHeaders = await signRequest({ method: 'GET', credentials })
 * await fetch('https://api.example.com/contract/private/orders', { headers })
 * ```
 */
export type SignedHeaders = Record<string, string>

/**
 * Input of {@link signRequest} and {@link signRequestSync}.
 *
 * @example
 * ```ts
 * import { type SignRequestParameters, signRequest } from '@perpkit/signer'
 *
 * const parameters: SignRequestParameters = {
 *   method: 'GET',
 *   query: new URLSearchParams({ symbol: 'BTCUSDT', limit: '5' }),
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 *   getBodyRule: 'query',
 * }
 * const headers = await signRequest(parameters)
 * ```
 */
export interface SignRequestParameters extends BuildSignedBodyParameters {
  /**
   * The API credentials: a plain `{ apiKey, secret, memo }` or a {@link createCredentials}
   * object. For `'KEYED'` only `apiKey` is read.
   */
  credentials: Credentials
  /** The endpoint's auth type. @default 'SIGNED' */
  auth?: AuthType | undefined
  /**
   * The current time; the timestamp header and the prehash use it as whole milliseconds.
   * @default Date.now
   */
  now?: Clock | undefined
  /** Overrides of the default header names ({@link defaultHeaderNames}). */
  headerNames?: Partial<HeaderNames> | undefined
}

type Prepared =
  | { done: SignedHeaders }
  | {
      done?: undefined
      names: HeaderNames
      credentials: Credentials
      timestamp: string
      prehash: string
    }

function prepare(parameters: SignRequestParameters): Prepared {
  const auth = parameters.auth ?? 'SIGNED'
  if (auth === 'NONE') return { done: {} }
  if (auth !== 'KEYED' && auth !== 'SIGNED') {
    throw new SignerError('invalid-argument', "auth must be 'NONE', 'KEYED' or 'SIGNED'.")
  }
  const names = resolveHeaderNames(parameters.headerNames)
  const { credentials } = parameters
  if (auth === 'KEYED') {
    assertApiKey(credentials, 'credentials')
    return { done: { [names.apiKey]: credentials.apiKey } }
  }
  assertCredentials(credentials, 'credentials')
  const { body } = resolveSignedBody(parameters, true)
  const timestamp = String(readClock(parameters.now))
  const prehash = buildPrehash({ timestamp, memo: credentials.memo, body })
  return { names, credentials, timestamp, prehash }
}

function toHeaders(
  names: HeaderNames,
  apiKey: string,
  signature: string,
  timestamp: string,
): SignedHeaders {
  return { [names.apiKey]: apiKey, [names.signature]: signature, [names.timestamp]: timestamp }
}

/**
 * Builds the authentication headers of one request, signing on WebCrypto (every runtime). For
 * `'SIGNED'` (the default) it returns the API key, the lower-case hex signature of
 * `timestamp#memo#body` and the millisecond timestamp; for `'KEYED'` the API key header alone;
 * for `'NONE'` no headers. Call it again for every attempt, retries included, so each carries
 * a fresh timestamp. The WebCrypto key is imported once per secret and cached.
 *
 * @param parameters - Method, query and/or body exactly as sent, credentials, and options.
 * @returns A promise of the headers to add to the request.
 * @throws {SignerError} (as a rejection) `'invalid-credentials'` for missing or empty
 *   credential fields (named, never shown); `'invalid-argument'` for an unsupported method, a
 *   body on GET or DELETE, a bad clock or header name; `'webcrypto-unavailable'` where
 *   `crypto.subtle` is missing.
 *
 * @example
 * ```ts
 * import { signRequest } from '@perpkit/signer'
 *
 * const query = 'symbol=BTCUSDT&limit=5'
 * const headers = await signRequest({
 *   method: 'GET',
 *   query,
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 * })
 * // { 'X-API-KEY': 'my-key', 'X-API-SIGN': '…64 hex…', 'X-API-TIMESTAMP': '1700000000000' }
 * await fetch(`https://api.example.com/contract/private/orders?${query}`, { headers })
 * ```
 */
export function signRequest(parameters: SignRequestParameters): Promise<SignedHeaders> {
  // Not an async function: one promise layer fewer on the hot path (the client calls this on
  // every attempt). Invalid input still surfaces as a rejection, never as a synchronous throw.
  try {
    const prepared = prepare(parameters)
    if (prepared.done !== undefined) return Promise.resolve(prepared.done)
    const { names, credentials, timestamp, prehash } = prepared
    return computeHmacCached(credentials.secret, prehash).then((mac) =>
      toHeaders(names, credentials.apiKey, encodeHexBuffer(mac), timestamp),
    )
  } catch (error) {
    return Promise.reject(error)
  }
}

/**
 * The synchronous twin of {@link signRequest}, on `node:crypto` (Node >= 20.16, Bun, Deno):
 * same input, same headers, same signature.
 *
 * @param parameters - Method, query and/or body exactly as sent, credentials, and options.
 * @returns The headers to add to the request.
 * @throws {SignerError} `'sync-unavailable'` in browsers and edge workers (use
 *   {@link signRequest}), plus everything {@link signRequest} throws.
 *
 * @example
 * ```ts
 * import { signRequestSync } from '@perpkit/signer'
 *
 * const body = JSON.stringify({ symbol: 'BTCUSDT' })
 * const headers = signRequestSync({
 *   method: 'POST',
 *   body,
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 *   headerNames: { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' },
 * })
 * ```
 */
export function signRequestSync(parameters: SignRequestParameters): SignedHeaders {
  const prepared = prepare(parameters)
  if (prepared.done !== undefined) return prepared.done
  const { names, credentials, timestamp, prehash } = prepared
  const signature = computeHmacHexCachedSync(credentials.secret, prehash)
  return toHeaders(names, credentials.apiKey, signature, timestamp)
}
