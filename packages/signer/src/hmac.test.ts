// RFC 4231 known-answer vectors, run against every HMAC path of the package. The RFC's keys
// and data are bytes, so these tests call the byte-level primitives under the public,
// string-taking API; sign.test.ts checks that the public functions sit on these paths.

import { describe, expect, it } from 'vitest'
import { compareBytesConstantTime } from './constant-time.ts'
import { decodeHex, encodeHexBuffer } from './hex.ts'
import { computeHmacCached } from './key-cache.ts'
import { computeHmacHexCachedSync, computeHmacHexSync } from './node-crypto.ts'
import { computeHmacSha256, encodeUtf8, importHmacKey } from './web-crypto.ts'

interface Vector {
  name: string
  key: Uint8Array<ArrayBuffer>
  data: Uint8Array<ArrayBuffer>
  /** Expected HMAC-SHA256, hex; 32 hex characters for the truncated case 5. */
  mac: string
}

const bytes = (length: number, value: number) => new Uint8Array(length).fill(value)
const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16))

// https://www.rfc-editor.org/rfc/rfc4231#section-4
const vectors: Vector[] = [
  {
    name: 'test case 1 (20-byte key)',
    key: bytes(20, 0x0b),
    data: encodeUtf8('Hi There'),
    mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  },
  {
    name: 'test case 2 (key shorter than the output)',
    key: encodeUtf8('Jefe'),
    data: encodeUtf8('what do ya want for nothing?'),
    mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  },
  {
    name: 'test case 3 (combined key and data over 64 bytes)',
    key: bytes(20, 0xaa),
    data: bytes(50, 0xdd),
    mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  },
  {
    name: 'test case 4 (25-byte key)',
    key: hex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
    data: bytes(50, 0xcd),
    mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  },
  {
    name: 'test case 5 (output truncated to 128 bits: first 16 bytes compared)',
    key: bytes(20, 0x0c),
    data: encodeUtf8('Test With Truncation'),
    mac: 'a3b6167473100ee06e0c796c2955552b',
  },
  {
    name: 'test case 6 (131-byte key, hashed first)',
    key: bytes(131, 0xaa),
    data: encodeUtf8('Test Using Larger Than Block-Size Key - Hash Key First'),
    mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  },
  {
    name: 'test case 7 (131-byte key and data larger than a block)',
    key: bytes(131, 0xaa),
    data: encodeUtf8(
      'This is a test using a larger than block-size key and a larger than block-size data. ' +
        'The key needs to be hashed before being used by the HMAC algorithm.',
    ),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
]

/** Every way the package computes an HMAC, as key bytes + data bytes -> full hex digest. */
const paths: {
  name: string
  hmac: (key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) => Promise<string>
}[] = [
  {
    name: 'node:crypto path (signSync, signRequestSync)',
    hmac: async (key, data) => computeHmacHexSync(key, data),
  },
  {
    name: 'WebCrypto path with table hex encoding (sign, signRequest, explainSignature, verify)',
    hmac: async (key, data) =>
      encodeHexBuffer(await computeHmacSha256(await importHmacKey(key), data)),
  },
]

describe('RFC 4231 HMAC-SHA256 known answers', () => {
  describe.each(paths)('$name', ({ hmac }) => {
    it.each(vectors)('matches $name', async ({ key, data, mac }) => {
      expect((await hmac(key, data)).slice(0, mac.length)).toBe(mac)
    })
  })

  describe("verify's comparison path (WebCrypto bytes, hex decoding, constant-time equality)", () => {
    it.each(vectors)(
      'accepts the published MAC and rejects it with one bit flipped for $name',
      async ({ key, data, mac }) => {
        const computed = new Uint8Array(
          await computeHmacSha256(await importHmacKey(key), data),
        ).slice(0, mac.length / 2)
        const published = decodeHex(mac, mac.length / 2)
        expect(published).toBeDefined()
        if (published === undefined) return
        expect(compareBytesConstantTime(computed, published)).toBe(true)
        const tampered = published.slice()
        tampered[tampered.length - 1]! ^= 1
        expect(compareBytesConstantTime(computed, tampered)).toBe(false)
      },
    )
  })

  describe.each([
    {
      name: 'cached-key WebCrypto path (sign, signRequest, verify)',
      hmac: async (secret: string, message: string) =>
        encodeHexBuffer(await computeHmacCached(secret, message)),
    },
    {
      name: 'cached-KeyObject node:crypto path (signSync, signRequestSync)',
      hmac: async (secret: string, message: string) => computeHmacHexCachedSync(secret, message),
    },
  ])('$name, keyed by a UTF-8 string secret', ({ hmac }) => {
    // Only cases 1 and 2 have a key whose bytes are a UTF-8 string (all ASCII); their data
    // is ASCII too.
    it.each([vectors[0]!, vectors[1]!])(
      'matches $name, first call and cached call',
      async ({ key, data, mac }) => {
        const secret = new TextDecoder().decode(key)
        const message = new TextDecoder().decode(data)
        expect(await hmac(secret, message)).toBe(mac)
        expect(await hmac(secret, message)).toBe(mac)
      },
    )
  })
})
