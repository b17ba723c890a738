// Typos and odd values in the structured options fail createClient with a one-line OptionError
// naming the option (never a raw error, never a later "Signing failed" blamed on another option).
import { describe, expect, it } from 'vitest'
import { OptionError } from './errors/option.ts'
import type { ClientOptions } from './options.ts'
import { resolveOptions } from './resolve-options.ts'

const base = 'http://127.0.0.1:1'
const credentials = { apiKey: 'key-shapes', secret: 'sEcReT-shapes', memo: 'memo-shapes' }

function refusal(options: ClientOptions): OptionError {
  let error: unknown
  try {
    resolveOptions(options)
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(OptionError)
  return error as OptionError
}

describe('credentials', () => {
  it('a getter that throws (a locked vault): an OptionError naming the field, not a raw error', () => {
    const vault = new Error('vault locked')
    const error = refusal({
      baseUrl: base,
      credentials: {
        apiKey: 'key-shapes',
        memo: 'memo-shapes',
        get secret(): string {
          throw vault
        },
      },
    })
    expect(error.option).toBe('credentials.secret')
    expect(error.message).toBe('credentials.secret could not be read: reading it threw')
    expect(error.cause).toBe(vault)
  })

  it.each([
    ['a trailing newline (an environment variable)', 'key-shapes\n'],
    ['a space', 'key shapes'],
    ['a non-ASCII character', 'clé'],
  ])('an apiKey with %s fails createClient, not the first signed call', (_kind, apiKey) => {
    const error = refusal({ baseUrl: base, credentials: { ...credentials, apiKey } })
    expect(error.option).toBe('credentials.apiKey')
    expect(error.message).toBe(
      'credentials.apiKey must be visible ASCII without spaces (check for a stray newline, space or quote around it)',
    )
  })

  it('are read once: what createClient checked is what every request signs with', () => {
    const given = { ...credentials }
    const resolved = resolveOptions({ baseUrl: base, credentials: given })
    ;(given as { secret: unknown }).secret = undefined
    expect(resolved.credentials).toEqual(credentials)
    expect(Object.isFrozen(resolved.credentials)).toBe(true)
  })
})

describe('headerNames', () => {
  it.each([
    [
      'a string instead of an object',
      'X-BM-KEY',
      'headerNames',
      'headerNames must be { apiKey?, signature?, timestamp? }, got "X-BM-KEY"',
    ],
    [
      'a role that does not exist',
      { key: 'X-BM-KEY' },
      'headerNames',
      'headerNames must be made of apiKey, signature and timestamp, got "key"',
    ],
    [
      'a name with a space',
      { apiKey: 'X BM KEY' },
      'headerNames.apiKey',
      'headerNames.apiKey must be an HTTP header name such as X-BM-KEY, got "X BM KEY"',
    ],
    [
      'a number',
      { timestamp: 42 },
      'headerNames.timestamp',
      'headerNames.timestamp must be an HTTP header name such as X-BM-KEY, got 42',
    ],
    [
      'one name for two roles',
      { apiKey: 'X-BM-SIGN', signature: 'x-bm-sign' },
      'headerNames.signature',
      'headerNames.signature must be a name no other role uses, got "x-bm-sign"',
    ],
  ])('%s fails createClient, named', (_kind, headerNames, option, message) => {
    const error = refusal({
      baseUrl: base,
      credentials,
      auth: 'SIGNED',
      headerNames: headerNames as NonNullable<ClientOptions['headerNames']>,
    })
    expect(error.option).toBe(option)
    expect(error.message).toBe(message)
  })

  it("a deployment's names are kept as given", () => {
    const headerNames = { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' }
    expect(resolveOptions({ baseUrl: base, headerNames }).headerNames).toEqual(headerNames)
  })
})

describe('headers', () => {
  it('a header left undefined is refused in plain words, its value never shown', () => {
    const error = refusal({
      baseUrl: base,
      headers: { 'x-trace': undefined } as unknown as Record<string, string>,
    })
    expect(error.message).toBe('headers["x-trace"] must be a string, got undefined')
  })
})

describe('baseUrl', () => {
  it.each([
    ['a query string', `${base}/?x=1`],
    ['an empty query string', `${base}/api?`],
    ['a fragment', `${base}/#top`],
  ])('with %s fails createClient (paths appended to it would land in the query)', (_kind, url) => {
    const error = refusal({ baseUrl: url })
    expect(error.option).toBe('baseUrl')
    expect(error.message).toBe(
      `baseUrl must not carry a query string or a fragment (paths are appended to it), got ${JSON.stringify(url)}`,
    )
  })
})
