import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeHexBuffer } from './hex.ts'
import { clearKeyCache, computeHmacCached } from './key-cache.ts'
import { computeHmacHexCachedSync } from './node-crypto.ts'
import { sign } from './sign.ts'
import { signRequest } from './sign-request.ts'

describe('the WebCrypto key cache', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    clearKeyCache()
  })

  it('imports a key once per secret, not once per call', async () => {
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    for (let i = 0; i < 5; i++) await computeHmacCached('secret-a', `message ${i}`)
    expect(importKey).toHaveBeenCalledTimes(1)
  })

  it('shares one import between concurrent first calls', async () => {
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    await Promise.all([1, 2, 3].map((i) => computeHmacCached('secret-b', `m${i}`)))
    expect(importKey).toHaveBeenCalledTimes(1)
  })

  it('keeps at most 16 secrets, evicting the least recently used', async () => {
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    for (let i = 0; i < 16; i++) await computeHmacCached(`secret-${i}`, 'm')
    await computeHmacCached('secret-0', 'm') // now the most recently used
    await computeHmacCached('secret-16', 'm') // evicts secret-1, the least recently used
    expect(importKey).toHaveBeenCalledTimes(17)
    await computeHmacCached('secret-0', 'm')
    expect(importKey).toHaveBeenCalledTimes(17)
    await computeHmacCached('secret-1', 'm')
    expect(importKey).toHaveBeenCalledTimes(18)
  })

  it('forgets every key on clearKeyCache and still signs identically afterwards', async () => {
    const before = encodeHexBuffer(await computeHmacCached('secret-c', 'm'))
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    expect(encodeHexBuffer(await computeHmacCached('secret-c', 'm'))).toBe(before)
    expect(importKey).toHaveBeenCalledTimes(1)
  })

  it('does not cache a failed import', async () => {
    clearKeyCache()
    const importKey = vi
      .spyOn(crypto.subtle, 'importKey')
      .mockRejectedValueOnce(new Error('transient failure'))
    await expect(computeHmacCached('secret-d', 'm')).rejects.toThrowError('transient failure')
    await expect(computeHmacCached('secret-d', 'm')).resolves.toHaveProperty('byteLength', 32)
    expect(importKey).toHaveBeenCalledTimes(2)
  })

  it('makes sign and signRequest reject with a clear webcrypto-unavailable error without crypto.subtle', async () => {
    clearKeyCache()
    vi.spyOn(crypto, 'subtle', 'get').mockReturnValue(undefined as unknown as SubtleCrypto)
    const unavailable = {
      name: 'SignerError',
      code: 'webcrypto-unavailable',
      message: expect.stringContaining('secure contexts'),
    }
    await expect(
      sign({ secret: 'secret-e', memo: 'm', timestamp: 1, body: '' }),
    ).rejects.toMatchObject(unavailable)
    const credentials = { apiKey: 'k', secret: 'secret-e', memo: 'm' }
    await expect(signRequest({ method: 'GET', credentials })).rejects.toMatchObject(unavailable)
  })

  it('creates one node:crypto KeyObject per secret for the sync path, again after clearKeyCache', () => {
    clearKeyCache()
    const nodeCrypto = process.getBuiltinModule('node:crypto')
    const createSecretKey = vi.spyOn(nodeCrypto, 'createSecretKey')
    const first = computeHmacHexCachedSync('secret-f', 'm1')
    computeHmacHexCachedSync('secret-f', 'm2')
    expect(createSecretKey).toHaveBeenCalledTimes(1)
    clearKeyCache()
    expect(computeHmacHexCachedSync('secret-f', 'm1')).toBe(first)
    expect(createSecretKey).toHaveBeenCalledTimes(2)
  })
})
