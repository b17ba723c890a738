import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { findNodeCrypto, isSyncSigningAvailable } from './node-crypto.ts'

describe('findNodeCrypto', () => {
  it('finds node:crypto through process.getBuiltinModule', () => {
    expect(findNodeCrypto(globalThis)?.createHmac).toBeTypeOf('function')
  })

  it.each([
    ['no process global (browsers, workers)', {}],
    ['a process without getBuiltinModule (Node < 20.16, process polyfills)', { process: {} }],
    ['a getBuiltinModule that has no crypto', { process: { getBuiltinModule: () => undefined } }],
    [
      'a getBuiltinModule that throws',
      {
        process: {
          getBuiltinModule: () => {
            throw new Error('denied')
          },
        },
      },
    ],
  ])('returns undefined for %s', (_, scope) => {
    expect(findNodeCrypto(scope)).toBeUndefined()
  })
})

describe('synchronous signing availability', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('is available in Node', () => {
    expect(isSyncSigningAvailable()).toBe(true)
  })

  it('makes signSync and signRequestSync throw a clear sync-unavailable error where node:crypto is unreachable, while sign still works', async () => {
    vi.stubGlobal('process', { ...process, getBuiltinModule: undefined })
    vi.resetModules()
    const fresh = await import('./index.ts')
    const input = { secret: 's', memo: 'm', timestamp: 1, body: '' }
    expect(fresh.isSyncSigningAvailable()).toBe(false)
    expect(() => fresh.signSync(input)).toThrowError(
      expect.objectContaining({
        name: 'SignerError',
        code: 'sync-unavailable',
        message: expect.stringContaining('Use the async sign() or signRequest()'),
      }),
    )
    expect(() =>
      fresh.signRequestSync({
        method: 'GET',
        credentials: { apiKey: 'k', secret: 's', memo: 'm' },
      }),
    ).toThrowError(expect.objectContaining({ code: 'sync-unavailable' }))
    await expect(fresh.sign(input)).resolves.toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('a node:crypto without createSecretKey (some Node-compatible runtimes)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('still signs, with the secret string as the key, identically', async () => {
    const { createHmac } = process.getBuiltinModule('node:crypto')
    const input = { secret: 'sécret', memo: 'm', timestamp: 1, body: 'a=1' }
    const expected = (await import('./sign.ts')).signSync(input)
    vi.stubGlobal('process', {
      ...process,
      getBuiltinModule: (id: string) => (id === 'node:crypto' ? { createHmac } : undefined),
    })
    vi.resetModules()
    const fresh = await import('./sign.ts')
    expect(fresh.signSync(input)).toBe(expected)
    expect(fresh.signSync(input)).toBe(expected)
  })
})

describe('browser safety of the sources', () => {
  const srcDir = fileURLToPath(new URL('.', import.meta.url))
  const sources = readdirSync(srcDir).filter(
    (f) => f.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(f),
  )

  it.each(sources)('%s has no static or dynamic import of a node: module, nor require', (file) => {
    // Comments (TSDoc examples may show a Node server) are not code.
    const text = readFileSync(`${srcDir}${file}`, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
    expect(text).not.toMatch(/\bfrom\s+['"]node:/)
    expect(text).not.toMatch(/\bimport\s*\(\s*['"]node:/)
    expect(text).not.toMatch(/\bimport\s+['"]node:/)
    expect(text).not.toMatch(/\brequire\s*\(/)
  })
})
