import { afterEach, describe, expect, it, vi } from 'vitest'
import { resolveOptions } from './options.ts'

describe('resolveOptions', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('drops trailing slashes and keeps the origin', () => {
    const o = resolveOptions({ baseUrl: 'http://127.0.0.1:8080/api/' })
    expect([o.baseUrl, o.origin]).toEqual(['http://127.0.0.1:8080/api', 'http://127.0.0.1:8080'])
  })

  it('reads PERPKIT_BASE_URL when baseUrl is not given', () => {
    vi.stubEnv('PERPKIT_BASE_URL', 'https://example.test')
    expect(resolveOptions({}).baseUrl).toBe('https://example.test')
  })

  it('explains a missing baseUrl, a malformed one and a bad timeout', () => {
    vi.stubEnv('PERPKIT_BASE_URL', '')
    expect(() => resolveOptions({})).toThrowErrorMatchingInlineSnapshot(
      `[PerpkitError: createClient needs a baseUrl: pass { baseUrl } or set PERPKIT_BASE_URL (for local work, start a sandbox: startSandbox() from @perpkit/sandbox)]`,
    )
    expect(() => resolveOptions({ baseUrl: 'not a url' })).toThrow(
      'baseUrl is not a valid URL: "not a url"',
    )
    expect(() => resolveOptions({ baseUrl: 'ftp://x' })).toThrow('baseUrl must be http(s)')
    expect(() => resolveOptions({ baseUrl: 'http://x', timeout: 0 })).toThrow(
      'timeout must be a positive',
    )
  })

  it('refuses signed auth without credentials', () => {
    expect(() => resolveOptions({ baseUrl: 'http://x', auth: 'SIGNED' })).toThrow(
      "auth 'SIGNED' needs credentials",
    )
  })

  it('validates rate-limit budget overrides', () => {
    expect(() =>
      resolveOptions({
        baseUrl: 'http://x',
        rateLimit: { budgets: { '/a': { limit: 0, windowMs: 10 } } },
      }),
    ).toThrow("rateLimit.budgets['/a'] must be")
  })
})
