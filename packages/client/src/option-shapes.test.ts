// Typos and odd values in the structured options fail createClient with a one-line OptionError
// naming the option, instead of being ignored (a misspelt header role) or failing later.
import { describe, expect, it } from 'vitest'
import { OptionError } from './errors/option.ts'
import type { ClientOptions } from './options.ts'
import { resolveOptions } from './resolve-options.ts'

const base = 'http://127.0.0.1:1'
const credentials = { apiKey: 'key-shapes', secret: 'sEcReT-shapes', memo: 'memo-shapes' }
/** What every refusal of a header name says it must be. */
const NAME = 'a header name for apiKey, signature or timestamp'

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

describe('headerNames', () => {
  it.each([
    [
      'a string instead of an object',
      'X-BM-KEY',
      'headerNames',
      'headerNames must be an object, got "X-BM-KEY"',
    ],
    [
      'a role that does not exist (the default name would be sent instead)',
      { key: 'X-BM-KEY' },
      'headerNames.key',
      `headerNames.key must be ${NAME}, got "X-BM-KEY"`,
    ],
    [
      'a name with a space',
      { apiKey: 'X BM KEY' },
      'headerNames.apiKey',
      `headerNames.apiKey must be ${NAME}, got "X BM KEY"`,
    ],
    [
      'a number',
      { timestamp: 42 },
      'headerNames.timestamp',
      `headerNames.timestamp must be ${NAME}, got 42`,
    ],
    [
      'undefined (the signer would sign with no name)',
      { signature: undefined },
      'headerNames.signature',
      `headerNames.signature must be ${NAME}, got undefined`,
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
  ])('with %s fails createClient (the paths appended to it would land in it)', (_kind, url) => {
    const error = refusal({ baseUrl: url })
    expect(error.option).toBe('baseUrl')
    expect(error.message).toBe(
      'baseUrl must not carry a user name, password, query string or fragment: pass credentials, headers or query instead',
    )
  })
})
