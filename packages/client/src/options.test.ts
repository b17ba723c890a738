import { afterEach, describe, expect, it, vi } from 'vitest'
import { OptionError } from './errors/option.ts'
import type { FetchFunction } from './fetch-adapter.ts'
import { MAX_TIMER_MS } from './option-checks.ts'
import type { ClientOptions } from './options.ts'
import { resolveOptions } from './resolve-options.ts'

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
      `[OptionError: createClient needs a baseUrl: pass { baseUrl } or set PERPKIT_BASE_URL (for local work, start a sandbox: startSandbox() from @perpkit/sandbox)]`,
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
      "rateLimit.budgets['/contract/public/depth'].limit must be an integer from 1 to 1000000, got 0",
    )
  })

  it("checks budgets by the one rule of @perpkit/schemas: a fractional window is refused, as the sandbox's", () => {
    expect(() =>
      resolveOptions({
        baseUrl: 'http://x',
        rateLimit: { budgets: { '/contract/public/depth': { limit: 12, windowMs: 1500.5 } } },
      }),
    ).toThrow(
      "rateLimit.budgets['/contract/public/depth'].windowMs must be an integer from 1 to 86400000, got 1500.5",
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

  it('refuses a duration no timer can wait (beyond 2^31 - 1 ms), which would fire at once', () => {
    expect(() => resolveOptions({ baseUrl: 'http://x', timeout: MAX_TIMER_MS + 1 })).toThrow(
      'timeout must be at most 2147483647 ms (the longest a timer can wait, about 24.8 days), got 2147483648',
    )
    expect(() => resolveOptions({ baseUrl: 'http://x', retry: { maxRetryAfterMs: 1e12 } })).toThrow(
      'retry.maxRetryAfterMs must be at most 2147483647 ms',
    )
    expect(resolveOptions({ baseUrl: 'http://x', timeout: MAX_TIMER_MS }).timeout).toBe(
      MAX_TIMER_MS,
    )
  })
})

/** The error `resolveOptions` throws for `options`. */
function refusal(options: ClientOptions): OptionError {
  try {
    resolveOptions({ baseUrl: 'http://x', ...options })
  } catch (error) {
    expect(error).toBeInstanceOf(OptionError)
    return error as OptionError
  }
  throw new Error('accepted')
}

describe('every option is checked when the client is made, in one line naming it', () => {
  const secret = 'sEcReT-value'
  const memo = 'mEmO-value'

  it.each([
    [
      { apiKey: 'k', secret: 42, memo },
      'credentials.secret must be a non-empty string, got a number',
    ],
    [
      { apiKey: 'k', secret: '', memo },
      'credentials.secret must be a non-empty string, got an empty string',
    ],
    [{ apiKey: 'k', secret }, 'credentials.memo must be a non-empty string, got undefined'],
    [
      { apiKey: ['k'], secret, memo },
      'credentials.apiKey must be a non-empty string, got an array',
    ],
    [
      { apiKey: 'k', secret: { value: secret }, memo },
      'credentials.secret must be a non-empty string, got an object',
    ],
    ['k:secret:memo', 'credentials must be { apiKey, secret, memo }, got "k:secret:memo"'],
  ])('credentials %#: refused without showing a value', (credentials, message) => {
    const error = refusal({ credentials: credentials as never })
    expect(error.message).toBe(message)
    expect(error.message).not.toContain(secret)
    expect(error.message).not.toContain(memo)
    expect(error.message).not.toContain('42')
  })

  it.each([
    [
      { now: 1767225600000 },
      'now',
      'now must be a function returning epoch milliseconds, got 1767225600000',
    ],
    [
      { fetch: 'https://proxy' },
      'fetch',
      'fetch must be a fetch-compatible function, got "https://proxy"',
    ],
    [{ onDrift: true }, 'onDrift', 'onDrift must be a function, got true'],
    [
      { hooks: { beforeRequest: () => {} } },
      'hooks.beforeRequest',
      'hooks.beforeRequest must be a list of functions, got a function',
    ],
    [
      { hooks: { afterResponse: [null] } },
      'hooks.afterResponse[0]',
      'hooks.afterResponse[0] must be a function, got null',
    ],
    [
      { hooks: { beforeRetry: [] } },
      'hooks',
      'hooks must be made of beforeRequest and afterResponse lists, got "beforeRetry"',
    ],
    [
      { rateLimit: { store: {} } },
      'rateLimit.store.acquire',
      'rateLimit.store.acquire must be a function, got undefined',
    ],
    [
      { rateLimit: 'on' },
      'rateLimit',
      'rateLimit must be true, false or { budgets?, store? }, got "on"',
    ],
    [{ auth: 'signed' }, 'auth', `auth must be 'NONE', 'KEYED' or 'SIGNED', got "signed"`],
    [{ getBodyRule: 'body' }, 'getBodyRule', `getBodyRule must be 'query' or 'empty', got "body"`],
  ])('%j: refused, naming %s', (options, option, message) => {
    const error = refusal(options as ClientOptions)
    expect(error.option).toBe(option)
    expect(error.message).toBe(message)
  })

  it('a header value HTTP cannot carry is refused, naming the header but not showing its value', () => {
    const error = refusal({ headers: { authorization: `Bearer ${secret}\r\nX-Injected: 1` } })
    expect(error.option).toBe('headers["authorization"]')
    expect(error.message).not.toContain(secret)
  })

  it('a baseUrl with a password is refused without showing it', () => {
    const error = refusal({ baseUrl: `https://user:${secret}@api.example.com` })
    expect(error.option).toBe('baseUrl')
    expect(error.message).not.toContain(secret)
  })

  it('createClient(url) instead of createClient({ baseUrl }) says so', () => {
    expect(() => resolveOptions('http://x' as never)).toThrow(
      'createClient takes one options object ({ baseUrl, ... }), got "http://x"',
    )
  })

  it('accepts what the types allow', () => {
    const fetch: FetchFunction = (url, init) => globalThis.fetch(url, init)
    const resolved = resolveOptions({
      baseUrl: 'http://x',
      credentials: { apiKey: 'k', secret, memo },
      auth: 'SIGNED',
      now: () => 1767225600000,
      fetch,
      onDrift: () => {},
      hooks: { beforeRequest: [() => {}], afterResponse: [] },
      headers: { 'x-app': 'perpkit' },
      headerNames: { apiKey: 'X-BM-KEY' },
      getBodyRule: 'empty',
    })
    expect(resolved.now()).toBe(1767225600000)
    expect(resolved.fetch).toBe(fetch)
  })
})
