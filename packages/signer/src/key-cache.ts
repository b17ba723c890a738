// Imported keys, cached per secret so a key is imported once, not on every request: WebCrypto
// `CryptoKey`s here for the async path, `node:crypto` `KeyObject`s in node-crypto.ts for the
// sync path.
//
// Why a small bounded LRU keyed by the secret string, not a WeakMap keyed by the credentials
// object: callers often build a fresh `{ apiKey, secret, memo }` per request, and a verifier's
// lookup usually returns a fresh record per request, so an identity-keyed WeakMap would miss
// every time and silently re-import the key. Keying by the secret hits whatever object carries
// it. The bound (16 secrets, least recently used evicted first) keeps retention small and
// predictable: a secret stays referenced only while it is among the 16 most recently used,
// which the caller's own configuration holds anyway; `clearKeyCache()` drops them all at once
// (after a key rotation, or before a heap snapshot). The cached `CryptoKey`s are
// non-extractable, so they cannot be exported back to raw key material.

import { BoundedCache, keyCacheCapacity } from './bounded-cache.ts'
import { clearNodeKeyCache } from './node-crypto.ts'
import { computeHmacSha256, encodeUtf8, importHmacKey } from './web-crypto.ts'

const cryptoKeys = new BoundedCache<CryptoKey | Promise<CryptoKey>>(keyCacheCapacity)

function getHmacKey(secret: string): CryptoKey | Promise<CryptoKey> {
  const hit = cryptoKeys.get(secret)
  if (hit !== undefined) return hit
  const pending: Promise<CryptoKey> = importHmacKey(encodeUtf8(secret)).then(
    (key) => {
      // Replace the promise by the key itself (same position), unless evicted or cleared.
      if (cryptoKeys.peek(secret) === pending) cryptoKeys.set(secret, key)
      return key
    },
    (error: unknown) => {
      if (cryptoKeys.peek(secret) === pending) cryptoKeys.delete(secret)
      throw error
    },
  )
  cryptoKeys.set(secret, pending)
  return pending
}

/**
 * HMAC-SHA256 of the UTF-8 `message` under the UTF-8 `secret`, as 32 raw bytes (WebCrypto).
 * Once the key is cached this is WebCrypto's own promise, with no `await` in between: the
 * client calls it on every attempt.
 *
 * @throws {SignerError} synchronously, `'webcrypto-unavailable'` without `crypto.subtle`.
 */
export function computeHmacCached(secret: string, message: string): Promise<ArrayBuffer> {
  const key = getHmacKey(secret)
  const data = encodeUtf8(message)
  return key instanceof Promise
    ? key.then((ready) => computeHmacSha256(ready, data))
    : computeHmacSha256(key, data)
}

/**
 * Forgets every cached key: the WebCrypto `CryptoKey`s of the async path and the
 * `node:crypto` `KeyObject`s of the sync path (at most 16 secrets each). Call it after
 * rotating a secret, or to drop secrets from memory; later calls re-import keys as needed.
 *
 * @returns Nothing.
 *
 * @example
 * ```ts
 * import { clearKeyCache } from '@perpkit/signer'
 *
 * clearKeyCache()
 * ```
 */
export function clearKeyCache(): void {
  cryptoKeys.clear()
  clearNodeKeyCache()
}
