// The asynchronous HMAC path on WebCrypto (`crypto.subtle`), present in Node >= 20, Deno,
// Bun, browsers (secure contexts only) and edge workers.

import { SignerError } from './errors.ts'

const encoder = new TextEncoder()

/** UTF-8 bytes of a string (lone surrogates become U+FFFD, as in `node:crypto`). */
export function encodeUtf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text)
}

function getSubtle(): SubtleCrypto {
  const subtle = (globalThis as { crypto?: Partial<Crypto> | undefined }).crypto?.subtle
  if (subtle === undefined) {
    throw new SignerError(
      'webcrypto-unavailable',
      'crypto.subtle is not available in this runtime. Browsers expose it only in secure ' +
        'contexts (https: or http://localhost); Node >= 20, Deno, Bun and edge workers always do.',
    )
  }
  return subtle
}

/** Imports raw key bytes as a non-extractable HMAC-SHA256 signing key. */
export function importHmacKey(key: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return getSubtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
}

/**
 * HMAC-SHA256 of `message` under an imported key, as 32 raw bytes. Returns WebCrypto's own
 * promise: no extra async layer on the hot path.
 */
export function computeHmacSha256(
  key: CryptoKey,
  message: Uint8Array<ArrayBuffer>,
): Promise<ArrayBuffer> {
  return getSubtle().sign('HMAC', key, message)
}
