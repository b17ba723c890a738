import { createHmac } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { createCredentials } from './credentials.ts'
import { type SignRequestParameters, signRequest, signRequestSync } from './sign-request.ts'

const credentials = { apiKey: 'key-abc', secret: 'my-secret', memo: 'my-memo' }
const now = 1700000000000

function expectedSignature(body: string, timestamp = now): string {
  return createHmac('sha256', credentials.secret)
    .update(`${timestamp}#${credentials.memo}#${body}`)
    .digest('hex')
}

/** Runs both variants on the same input and checks they agree before returning the headers. */
async function both(parameters: SignRequestParameters) {
  const synchronous = signRequestSync(parameters)
  expect(await signRequest(parameters)).toEqual(synchronous)
  return synchronous
}

describe('signRequest and signRequestSync', () => {
  it("return the spec's three headers for a signed GET: key, hex signature of the query, ms timestamp", async () => {
    expect(
      await both({ method: 'GET', query: 'symbol=BTCUSDT&limit=5', credentials, now }),
    ).toEqual({
      'X-API-KEY': 'key-abc',
      'X-API-SIGN': expectedSignature('symbol=BTCUSDT&limit=5'),
      'X-API-TIMESTAMP': '1700000000000',
    })
  })

  it('sign the same string whether the query has a leading ? or is a URLSearchParams', async () => {
    const plain = await both({ method: 'GET', query: 'symbol=BTCUSDT&limit=5', credentials, now })
    const withMark = await both({
      method: 'GET',
      query: '?symbol=BTCUSDT&limit=5',
      credentials,
      now,
    })
    const params = new URLSearchParams({ symbol: 'BTCUSDT', limit: '5' })
    const fromParams = await both({ method: 'GET', query: params, credentials, now })
    expect(withMark).toEqual(plain)
    expect(fromParams).toEqual(plain)
  })

  it("sign the empty string for GET under getBodyRule 'empty'", async () => {
    const headers = await both({
      method: 'GET',
      query: 'a=1',
      credentials,
      now,
      getBodyRule: 'empty',
    })
    expect(headers['X-API-SIGN']).toBe(expectedSignature(''))
  })

  it('sign the exact JSON text of a POST body', async () => {
    const body = '{"symbol":"BTCUSDT","size":1}'
    const headers = await both({ method: 'POST', body, credentials, now })
    expect(headers['X-API-SIGN']).toBe(expectedSignature(body))
  })

  it('use custom header names when given', async () => {
    const headerNames = { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' }
    expect(Object.keys(await both({ method: 'GET', credentials, now, headerNames }))).toEqual([
      'X-BM-KEY',
      'X-BM-SIGN',
      'X-BM-TIMESTAMP',
    ])
  })

  it("return the key header alone for auth 'KEYED', reading only the API key", async () => {
    const keyOnly = { apiKey: 'key-abc', secret: '', memo: '' }
    expect(await both({ method: 'GET', credentials: keyOnly, auth: 'KEYED' })).toEqual({
      'X-API-KEY': 'key-abc',
    })
  })

  it("return no headers for auth 'NONE'", async () => {
    expect(await both({ method: 'GET', credentials, auth: 'NONE' })).toEqual({})
  })

  it('take the timestamp from now: a number, a Date or a function, fractions dropped', async () => {
    const fromDate = await both({ method: 'GET', credentials, now: new Date(now) })
    const fromFunction = await both({ method: 'GET', credentials, now: () => now + 0.9 })
    expect(fromDate['X-API-TIMESTAMP']).toBe(String(now))
    expect(fromFunction['X-API-TIMESTAMP']).toBe(String(now))
  })

  it('default the timestamp to the current time in milliseconds', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 2, 3, 4, 5, 678), toFake: ['Date'] })
    try {
      const headers = await signRequest({ method: 'GET', credentials })
      expect(headers['X-API-TIMESTAMP']).toBe(String(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))
    } finally {
      vi.useRealTimers()
    }
  })

  it('accept credentials made by createCredentials and give the same headers', async () => {
    const created = createCredentials(credentials)
    expect(await both({ method: 'GET', query: 'a=1', credentials: created, now })).toEqual(
      await both({ method: 'GET', query: 'a=1', credentials, now }),
    )
  })

  it('reject incomplete credentials for SIGNED, naming the field', async () => {
    const parameters = { method: 'GET', credentials: { ...credentials, memo: '' } } as const
    expect(() => signRequestSync(parameters)).toThrowError(/^credentials\.memo is empty\./)
    await expect(signRequest(parameters)).rejects.toThrowError(/^credentials\.memo is empty\./)
  })

  it('reject an unknown auth type and a bad clock', async () => {
    // @ts-expect-error not an auth type
    await expect(signRequest({ method: 'GET', credentials, auth: 'HMAC' })).rejects.toThrowError(
      "auth must be 'NONE', 'KEYED' or 'SIGNED'.",
    )
    expect(() => signRequestSync({ method: 'GET', credentials, now: Number.NaN })).toThrowError(
      /^now must give epoch milliseconds/,
    )
  })

  it('signRequest reports invalid input as a rejected promise, never as a synchronous throw', async () => {
    let pending: Promise<unknown> | undefined
    expect(() => {
      pending = signRequest({ method: 'GET', credentials: { ...credentials, secret: '' } })
    }).not.toThrow()
    await expect(pending).rejects.toMatchObject({ code: 'invalid-credentials' })
  })
})
