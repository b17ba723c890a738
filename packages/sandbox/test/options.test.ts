import { describe, expect, it } from 'vitest'
import { type SandboxOptions, startSandbox } from '../src/index.ts'

describe('startSandbox options', () => {
  it('listens on 127.0.0.1 and an ephemeral port by default, and close() is idempotent', async () => {
    const sandbox = await startSandbox()
    expect(sandbox.host).toBe('127.0.0.1')
    expect(sandbox.port).toBeGreaterThan(0)
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`)
    await sandbox.close()
    await sandbox.close()
    await expect(fetch(`${sandbox.url}/contract/public/details`)).rejects.toThrow()
  })

  it('rejects with the listen error when the port is taken', async () => {
    const first = await startSandbox()
    try {
      await expect(startSandbox({ port: first.port })).rejects.toThrow(/EADDRINUSE/)
    } finally {
      await first.close()
    }
  })

  const invalid: [string, SandboxOptions, ErrorConstructor][] = [
    ['depthLevels 0', { depthLevels: 0 }, RangeError],
    ['depthLevels 1001', { depthLevels: 1001 }, RangeError],
    ['a fractional port', { port: 1.5 }, RangeError],
    ['a port above 65535', { port: 70_000 }, RangeError],
    ['a negative signature window', { signatureWindowMs: -1 }, RangeError],
    ['an unknown GET body rule', { getBodyRule: 'json' as 'query' }, TypeError],
    ['a header prefix with a space', { rateLimitHeaderPrefix: 'X PK' }, TypeError],
    // X-BM--RateLimit-Limit otherwise: no deployment names its headers so.
    ['a header prefix ending in a hyphen', { rateLimitHeaderPrefix: 'X-BM-' }, TypeError],
    ['a header prefix that is a hyphen', { rateLimitHeaderPrefix: '-' }, TypeError],
    [
      'credentials without a memo',
      { credentials: { apiKey: 'k', secret: 's', memo: '' } },
      TypeError,
    ],
    ['an empty credentials array', { credentials: [] }, TypeError],
    [
      'a fractional budget window (the one budget rule of @perpkit/schemas)',
      { rateLimitBudgets: { '/contract/public/depth': { limit: 12, windowMs: 1.5 } } },
      RangeError,
    ],
    ['a seed that is not finite', { seed: Number.NaN }, TypeError],
    ['a catalog of 0 contracts', { contracts: 0 }, RangeError],
    ['an unknown catalog', { contracts: 'huge' as 'live' }, RangeError],
    ['cors as a string', { cors: 'http://a.example' as unknown as string[] }, TypeError],
    ['a header name with a space', { headerNames: { apiKey: 'X KEY' } }, TypeError],
    [
      'two signing headers with one name',
      { headerNames: { apiKey: 'X-SIGN', signature: 'x-sign' } },
      TypeError,
    ],
  ]

  it.each(invalid)('rejects %s', async (_, options, type) => {
    await expect(startSandbox(options)).rejects.toThrow(type)
  })
})
