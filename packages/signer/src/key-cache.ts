// Imported WebCrypto keys, cached per secret so the async path imports a key once, not on
// every request.
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

import { encodeUtf8, hmacSha256, importHmacKey } from './web-crypto.ts'

const maxEntries = 16

const cache = new Map<string, CryptoKey | Promise<CryptoKey>>()

function getHmacKey(secret: string): CryptoKey | Promise<CryptoKey> {
  const hit = cache.get(secret)
  if (hit !== undefined) {
    if (cache.size > 1) {
      // Move to the most recently used end; Map iteration order is insertion order.
      cache.delete(secret)
      cache.set(secret, hit)
    }
    return hit
  }
  const pending: Promise<CryptoKey> = importHmacKey(encodeUtf8(secret)).then(
    (key) => {
      // Replace the promise by the key itself (same position), unless evicted or cleared.
      if (cache.get(secret) === pending) cache.set(secret, key)
      return key
    },
    (error: unknown) => {
      if (cache.get(secret) === pending) cache.delete(secret)
      throw error
    },
  )
  cache.set(secret, pending)
  if (cache.size > maxEntries) {
    const oldest = cache.keys().next()
    if (oldest.done !== true) cache.delete(oldest.value)
  }
  return pending
}

/** HMAC-SHA256 of the UTF-8 `message` under the UTF-8 `secret`, as 32 raw bytes (WebCrypto). */
export async function hmacWithCachedKey(secret: string, message: string): Promise<Uint8Array> {
  return hmacSha256(await getHmacKey(secret), encodeUtf8(message))
}

/**
 * Forgets every cached WebCrypto key (at most 16, one per recently used secret). Call it after
 * rotating a secret, or to drop secrets from memory; later calls re-import keys as needed.
 *
 * @example
 * ```ts
 * import { clearKeyCache } from '@perpkit/signer'
 *
 * clearKeyCache()
 * ```
 */
export function clearKeyCache(): void {
  cache.clear()
}
