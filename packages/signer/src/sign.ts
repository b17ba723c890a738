import { assertCredentialField } from './credentials.ts'
import { encodeHexBuffer } from './hex.ts'
import { computeHmacCached } from './key-cache.ts'
import { computeHmacHexCachedSync } from './node-crypto.ts'
import { buildPrehash } from './prehash.ts'

/**
 * Input of {@link sign} and {@link signSync}.
 *
 * @example
 * ```ts
 * import { type SignParameters, sign } from '@perpkit/signer'
 *
 * const parameters: SignParameters = {
 *   secret: 'my-secret',
 *   memo: 'my-memo',
 *   timestamp: Date.now(),
 *   body: JSON.stringify({ symbol: 'BTCUSDT' }),
 * }
 * const signature = await sign(parameters)
 * ```
 */
export interface SignParameters {
  /** The API secret key (UTF-8 encoded to form the HMAC key). */
  secret: string
  /** The memo of the API credentials. */
  memo: string
  /** Epoch milliseconds, exactly as sent in the timestamp header. */
  timestamp: number | string
  /**
   * The signed body: the query string for GET and DELETE, the exact JSON text for POST and
   * PUT (see {@link buildSignedBody}).
   */
  body: string
}

/**
 * Signs synchronously on `node:crypto` (Node >= 20.16, Bun, Deno): HMAC-SHA256 of
 * `timestamp#memo#body` under the secret, as lower-case hex. Gives exactly the same output as
 * {@link sign}. `node:crypto` is looked up at the first call through
 * `process.getBuiltinModule`, never imported, so browser bundles stay free of it.
 *
 * @param parameters - Secret, memo, timestamp and signed body.
 * @returns The 64-character lower-case hex signature.
 * @throws {SignerError} `'sync-unavailable'` in runtimes without `node:crypto` (browsers, edge
 *   workers: use {@link sign}); `'invalid-credentials'` for a missing or empty secret or memo;
 *   `'invalid-argument'` for a malformed timestamp or a non-string body.
 *
 * @example
 * ```ts
 * import { signSync } from '@perpkit/signer'
 *
 * const signature = signSync({
 *   secret: 'my-secret',
 *   memo: 'my-memo',
 *   timestamp: 1700000000000,
 *   body: 'symbol=BTCUSDT',
 * })
 * // 64 lower-case hex characters
 * ```
 */
export function signSync(parameters: SignParameters): string {
  assertCredentialField(parameters.secret, 'secret', 'secret')
  return computeHmacHexCachedSync(parameters.secret, buildPrehash(parameters))
}

/**
 * Signs on WebCrypto, in every runtime (Node >= 20, Deno, Bun, browsers, edge workers):
 * HMAC-SHA256 of `timestamp#memo#body` under the secret, as lower-case hex. Gives exactly the
 * same output as {@link signSync}. The imported key is cached per secret (a small bounded
 * cache), so repeated calls do not re-import it.
 *
 * @param parameters - Secret, memo, timestamp and signed body.
 * @returns A promise of the 64-character lower-case hex signature.
 * @throws {SignerError} (as a rejection) `'invalid-credentials'` for a missing or empty secret
 *   or memo; `'invalid-argument'` for a malformed timestamp or a non-string body;
 *   `'webcrypto-unavailable'` where `crypto.subtle` is missing (insecure browser contexts).
 *
 * @example
 * ```ts
 * import { sign } from '@perpkit/signer'
 *
 * const signature = await sign({
 *   secret: 'my-secret',
 *   memo: 'my-memo',
 *   timestamp: 1700000000000,
 *   body: 'symbol=BTCUSDT',
 * })
 * ```
 */
export function sign(parameters: SignParameters): Promise<string> {
  // Not an async function: one promise layer fewer on the hot path. Invalid input still
  // surfaces as a rejection, never as a synchronous throw.
  try {
    assertCredentialField(parameters.secret, 'secret', 'secret')
    return computeHmacCached(parameters.secret, buildPrehash(parameters)).then(encodeHexBuffer)
  } catch (error) {
    return Promise.reject(error)
  }
}
