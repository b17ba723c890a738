import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeHex } from './hex.ts'
import { clearKeyCache, hmacWithCachedKey } from './key-cache.ts'
import { hmacHexWithCachedKeySync } from './node-crypto.ts'

describe('the WebCrypto key cache', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    clearKeyCache()
  })

  it('imports a key once per secret, not once per call', async () => {
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    for (let i = 0; i < 5; i++) await hmacWithCachedKey('secret-a', `message ${i}`)
    expect(importKey).toHaveBeenCalledTimes(1)
  })

  it('shares one import between concurrent first calls', async () => {
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    await Promise.all([1, 2, 3].map((i) => hmacWithCachedKey('secret-b', `m${i}`)))
    expect(importKey).toHaveBeenCalledTimes(1)
  })

  it('keeps at most 16 secrets, evicting the least recently used', async () => {
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    for (let i = 0; i < 16; i++) await hmacWithCachedKey(`secret-${i}`, 'm')
    await hmacWithCachedKey('secret-0', 'm') // now the most recently used
    await hmacWithCachedKey('secret-16', 'm') // evicts secret-1, the least recently used
    expect(importKey).toHaveBeenCalledTimes(17)
    await hmacWithCachedKey('secret-0', 'm')
    expect(importKey).toHaveBeenCalledTimes(17)
    await hmacWithCachedKey('secret-1', 'm')
    expect(importKey).toHaveBeenCalledTimes(18)
  })

  it('forgets every key on clearKeyCache and still signs identically afterwards', async () => {
    const before = encodeHex(await hmacWithCachedKey('secret-c', 'm'))
    clearKeyCache()
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    expect(encodeHex(await hmacWithCachedKey('secret-c', 'm'))).toBe(before)
    expect(importKey).toHaveBeenCalledTimes(1)
  })

  it('does not cache a failed import', async () => {
    clearKeyCache()
    const importKey = vi
      .spyOn(crypto.subtle, 'importKey')
      .mockRejectedValueOnce(new Error('transient failure'))
    await expect(hmacWithCachedKey('secret-d', 'm')).rejects.toThrowError('transient failure')
    await expect(hmacWithCachedKey('secret-d', 'm')).resolves.toHaveLength(32)
    expect(importKey).toHaveBeenCalledTimes(2)
  })

  it('reports a missing crypto.subtle with a clear webcrypto-unavailable error', async () => {
    clearKeyCache()
    vi.spyOn(crypto, 'subtle', 'get').mockReturnValue(undefined as unknown as SubtleCrypto)
    await expect(hmacWithCachedKey('secret-e', 'm')).rejects.toMatchObject({
      name: 'SignerError',
      code: 'webcrypto-unavailable',
      message: expect.stringContaining('secure contexts'),
    })
  })

  it('creates one node:crypto KeyObject per secret for the sync path, again after clearKeyCache', () => {
    clearKeyCache()
    const nodeCrypto = process.getBuiltinModule('node:crypto')
    const createSecretKey = vi.spyOn(nodeCrypto, 'createSecretKey')
    const first = hmacHexWithCachedKeySync('secret-f', 'm1')
    hmacHexWithCachedKeySync('secret-f', 'm2')
    expect(createSecretKey).toHaveBeenCalledTimes(1)
    clearKeyCache()
    expect(hmacHexWithCachedKeySync('secret-f', 'm1')).toBe(first)
    expect(createSecretKey).toHaveBeenCalledTimes(2)
  })
})
