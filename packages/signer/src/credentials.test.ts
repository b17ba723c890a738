import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { type Credentials, createCredentials } from './credentials.ts'
import { redactedText } from './redact.ts'

const secret = 'S3CRET-value-1234'
const memo = 'MEMO-value-5678'
const input: Credentials = { apiKey: 'key-abc', secret, memo }

describe('createCredentials', () => {
  it('returns a frozen object whose fields are readable', () => {
    const credentials = createCredentials(input)
    expect(Object.isFrozen(credentials)).toBe(true)
    expect(credentials.apiKey).toBe('key-abc')
    expect(credentials.secret).toBe(secret)
    expect(credentials.memo).toBe(memo)
  })

  it('redacts secret and memo in JSON.stringify, also when nested', () => {
    const credentials = createCredentials(input)
    expect(JSON.stringify(credentials)).toBe(
      '{"apiKey":"key-abc","secret":"[redacted]","memo":"[redacted]"}',
    )
    expect(JSON.stringify({ config: { credentials } })).not.toContain(secret)
  })

  it('redacts secret and memo in util.inspect and console-style formatting, hidden fields shown or not', () => {
    const credentials = createCredentials(input)
    for (const text of [
      inspect(credentials),
      inspect({ nested: [credentials] }, { depth: 5 }),
      inspect(credentials, { showHidden: true }),
    ]) {
      expect(text).toContain('apiKey')
      expect(text).toContain(redactedText)
      expect(text).not.toContain(secret)
      expect(text).not.toContain(memo)
    }
    expect(inspect(credentials)).toBe(
      "Credentials { apiKey: 'key-abc', secret: '[redacted]', memo: '[redacted]' }",
    )
  })

  it('redacts secret and memo in String() and template literals', () => {
    const credentials = createCredentials(input)
    expect(String(credentials)).toBe(
      'Credentials {"apiKey":"key-abc","secret":"[redacted]","memo":"[redacted]"}',
    )
    expect(`${credentials}`).not.toContain(secret)
  })

  it('hides secret and memo from Object.keys, entries and spreads', () => {
    const credentials = createCredentials(input)
    expect(Object.keys(credentials)).toEqual(['apiKey'])
    expect({ ...credentials }).toEqual({ apiKey: 'key-abc' })
  })

  it('prints redacted through the Deno inspect hook too', () => {
    const credentials = createCredentials(input) as unknown as Record<symbol, unknown>
    const hook = credentials[Symbol.for('Deno.customInspect')]
    expect(hook).toBeTypeOf('function')
    const printed = (hook as (inspect?: unknown) => string)()
    expect(printed).toContain(redactedText)
    expect(printed).not.toContain(secret)
  })

  it('copies its input, so a later mutation of the input does not change it', () => {
    const mutable = { ...input }
    const credentials = createCredentials(mutable)
    mutable.secret = 'other'
    expect(credentials.secret).toBe(secret)
  })

  it.each([
    ['apiKey', { apiKey: '' }, 'credentials.apiKey is empty. Pass the API access key.'],
    [
      'secret',
      { secret: '' },
      'credentials.secret is empty. Pass the API secret shown when the API key was created.',
    ],
    [
      'memo',
      { memo: '' },
      'credentials.memo is empty. Pass the memo chosen when the API key was created (not an account id).',
    ],
  ])('rejects an empty %s with a message naming the field', (_, patch, message) => {
    expect(() => createCredentials({ ...input, ...patch })).toThrowError(message)
  })

  it.each([
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a number', 42, 'number'],
  ])('rejects a secret that is %s, naming field and type only', (_, value, type) => {
    expect(() => createCredentials({ ...input, secret: value as unknown as string })).toThrowError(
      `credentials.secret must be a string, got ${type}.`,
    )
  })

  it('rejects an API key that cannot travel in a header, without echoing it', () => {
    let message = ''
    try {
      createCredentials({ ...input, apiKey: 'key-abc\n' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^credentials\.apiKey contains a space, control or non-ASCII/)
    expect(message).not.toContain('key-abc')
  })

  it('rejects a non-object', () => {
    expect(() => createCredentials(null as unknown as Credentials)).toThrowError(
      'credentials must be an object { apiKey, secret, memo }, got null.',
    )
  })
})
