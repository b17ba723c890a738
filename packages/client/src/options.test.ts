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
        rateLimit: { budgets: { '/contract/public/depth': { limit: 0, windowMs: 10 } } },
      }),
    ).toThrow(
      "rateLimit.budgets['/contract/public/depth'].limit must be an integer of at least 1, got 0",
    )
  })

  it('refuses a budget for a path the table does not have (and the type refuses it first)', () => {
    const budgets = { '/contract/public/dept': { limit: 1, windowMs: 10 } }
    expect(() =>
      // @ts-expect-error: a misspelt path is a compile error
      resolveOptions({ baseUrl: 'http://x', rateLimit: { budgets } }),
    ).toThrow(
      'rateLimit.budgets must be keyed by endpoint paths of the table, got "/contract/public/dept"',
    )
  })

  it('checks retry and timeout options in one style, naming the option and what it got', () => {
    expect(() => resolveOptions({ baseUrl: 'http://x', retry: -1 })).toThrow(
      'retry must be a non-negative integer, got -1',
    )
    expect(() => resolveOptions({ baseUrl: 'http://x', retry: { maxRetries: 1.5 } })).toThrow(
      'retry.maxRetries must be a non-negative integer, got 1.5',
    )
    expect(() => resolveOptions({ baseUrl: 'http://x', retry: { baseDelayMs: -5 } })).toThrow(
      'retry.baseDelayMs must be a non-negative number of milliseconds, got -5',
    )
    expect(() => resolveOptions({ baseUrl: 'http://x', timeout: Number.NaN })).toThrow(
      'timeout must be a positive number of milliseconds, got NaN',
    )
  })
})
