import { describe, expect, it } from 'vitest'
import type { Credentials } from './credentials.ts'
import type { HeadersInput } from './headers.ts'
import { type SignRequestParameters, signRequest } from './sign-request.ts'
import { type VerifyParameters, verify } from './verify.ts'
import { verifyFailureReasons } from './verify-result.ts'

const credentials: Credentials = { apiKey: 'key-abc', secret: 'my-secret', memo: 'my-memo' }
const now = 1700000000000
const query = 'symbol=BTCUSDT&limit=5'

/** Signs a GET (by default) at `now` and returns the lower-cased headers, as Node gives them. */
async function signedHeaders(overrides: Partial<SignRequestParameters> = {}) {
  const headers = await signRequest({ method: 'GET', query, credentials, now, ...overrides })
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

function check(headers: HeadersInput, overrides: Partial<VerifyParameters> = {}) {
  return verify({
    method: 'GET',
    query,
    headers,
    credentials,
    now,
    ...overrides,
  } as VerifyParameters)
}

describe('verify accepts its own signatures', () => {
  it.each([
    ['GET with a query', { method: 'GET', query } as const],
    ['GET without a query', { method: 'GET', query: '' } as const],
    ['DELETE with a query', { method: 'DELETE', query: 'id=7' } as const],
    ['POST with a JSON body', { method: 'POST', body: '{"symbol":"BTCUSDT"}' } as const],
    ['PUT with a JSON body', { method: 'PUT', body: '{"leverage":"10"}' } as const],
  ])('for %s', async (_, request) => {
    const headers = await signedHeaders(request)
    const received = { ...request, method: request.method.toLowerCase() }
    await expect(check(headers, received)).resolves.toEqual({
      ok: true,
      apiKey: 'key-abc',
      timestamp: now,
      secretIndex: 0,
      secretLabel: undefined,
    })
  })

  it('from a WHATWG Headers object with differently cased names', async () => {
    const headers = new Headers(await signRequest({ method: 'GET', query, credentials, now }))
    await expect(check(headers)).resolves.toMatchObject({ ok: true })
  })

  it('with the raw query given with its leading ?', async () => {
    await expect(check(await signedHeaders(), { query: `?${query}` })).resolves.toMatchObject({
      ok: true,
    })
  })

  it('through a lookup, synchronous or asynchronous', async () => {
    const headers = await signedHeaders()
    const table = new Map([
      [credentials.apiKey, { secret: credentials.secret, memo: credentials.memo }],
    ])
    const base = { method: 'GET', query, headers, now }
    await expect(verify({ ...base, lookup: (key) => table.get(key) })).resolves.toMatchObject({
      ok: true,
    })
    await expect(verify({ ...base, lookup: async (key) => table.get(key) })).resolves.toMatchObject(
      {
        ok: true,
      },
    )
  })

  it("with custom header names and the 'empty' GET rule, when both sides agree", async () => {
    const headerNames = { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' }
    const headers = await signedHeaders({ headerNames, getBodyRule: 'empty' })
    await expect(check(headers, { headerNames, getBodyRule: 'empty' })).resolves.toMatchObject({
      ok: true,
    })
    await expect(check(headers, { headerNames })).resolves.toMatchObject({
      reason: 'signature-mismatch',
    })
  })

  it('at exactly the edge of the window, past and future (inclusive)', async () => {
    const headers = await signedHeaders()
    await expect(check(headers, { now: now + 30_000 })).resolves.toMatchObject({ ok: true })
    await expect(check(headers, { now: now - 30_000 })).resolves.toMatchObject({ ok: true })
  })
})

describe('verify rejects a tampered request', () => {
  it.each([
    ['the API key', { 'x-api-key': 'key-other' }, 'unknown-key'],
    ['the signature (one hex digit)', { 'x-api-sign': 'flip' }, 'signature-mismatch'],
    ['the signature (upper-cased)', { 'x-api-sign': 'upper' }, 'malformed-signature'],
    ['the signature (truncated)', { 'x-api-sign': 'abc123' }, 'malformed-signature'],
    [
      'the timestamp (by 1 ms, within the window)',
      { 'x-api-timestamp': String(now + 1) },
      'signature-mismatch',
    ],
    ['the timestamp (not digits)', { 'x-api-timestamp': '1700000000000.0' }, 'malformed-timestamp'],
    ['the timestamp (negative)', { 'x-api-timestamp': '-1700000000000' }, 'malformed-timestamp'],
  ])('%s', async (_, patch: Record<string, string>, reason) => {
    const headers = await signedHeaders()
    const original = headers['x-api-sign'] ?? ''
    const patched: Record<string, string> = { ...headers, ...patch }
    if (patch['x-api-sign'] === 'flip') {
      patched['x-api-sign'] = `${original.slice(0, -1)}${original.endsWith('0') ? '1' : '0'}`
    }
    if (patch['x-api-sign'] === 'upper') patched['x-api-sign'] = original.toUpperCase()
    await expect(check(patched)).resolves.toMatchObject({ ok: false, reason })
  })

  it('signed with another memo (for example the account id)', async () => {
    const headers = await signedHeaders({ credentials: { ...credentials, memo: '12345678' } })
    await expect(check(headers)).resolves.toMatchObject({ reason: 'signature-mismatch' })
  })

  it('signed with another secret', async () => {
    const headers = await signedHeaders({ credentials: { ...credentials, secret: 'other' } })
    await expect(check(headers)).resolves.toMatchObject({ reason: 'signature-mismatch' })
  })

  it.each([
    ['a changed value', 'symbol=BTCUSDT&limit=6'],
    ['reordered parameters', 'limit=5&symbol=BTCUSDT'],
    ['a different encoding of the same value', 'symbol=BTC%55SDT&limit=5'],
    ['an extra parameter', `${query}&x=1`],
  ])('whose query has %s', async (_, received) => {
    await expect(check(await signedHeaders(), { query: received })).resolves.toMatchObject({
      reason: 'signature-mismatch',
    })
  })

  it('whose JSON body changed, even only in whitespace', async () => {
    const headers = await signedHeaders({ method: 'POST', query: '', body: '{"a":1}' })
    await expect(check(headers, { method: 'POST', body: '{"a": 1}' })).resolves.toMatchObject({
      reason: 'signature-mismatch',
    })
  })

  it('whose method changed from DELETE to GET under the empty GET rule', async () => {
    const headers = await signedHeaders({ method: 'DELETE' })
    await expect(check(headers, { getBodyRule: 'empty' })).resolves.toMatchObject({
      reason: 'signature-mismatch',
    })
  })
})

describe('verify rejects a timestamp outside the window', () => {
  it.each([
    ['in the past, 1 ms beyond the default 30 s', now + 30_001, 'behind'],
    ['in the future, 1 ms beyond the default 30 s', now - 30_001, 'ahead of'],
    ['in seconds instead of milliseconds', now, 'behind'],
  ])('%s', async (name, verifierNow, direction) => {
    const headers = await signedHeaders(name.includes('seconds') ? { now: now / 1000 } : {})
    const result = await check(headers, { now: verifierNow })
    expect(result).toMatchObject({ ok: false, reason: 'timestamp-outside-window' })
    expect(result.ok === false && result.message).toContain(direction)
  })

  it('with a custom window', async () => {
    const headers = await signedHeaders()
    await expect(check(headers, { now: now + 5_001, windowMs: 5_000 })).resolves.toMatchObject({
      reason: 'timestamp-outside-window',
    })
    await expect(check(headers, { now: now + 5_000, windowMs: 5_000 })).resolves.toMatchObject({
      ok: true,
    })
  })

  it('explains the skew and the seconds mistake in the message', async () => {
    const result = await check(await signedHeaders({ now: now / 1000 }))
    expect(result.ok === false && result.message).toMatch(
      /^X-API-TIMESTAMP is \d+(\.\d+)? s behind the server clock; the accepted window is 30 s either way\..* It looks like seconds, not ms\.$/,
    )
  })
})

describe('verify rejects a request missing a header', () => {
  it.each([
    ['x-api-key', 'missing-key'],
    ['x-api-sign', 'missing-signature'],
    ['x-api-timestamp', 'missing-timestamp'],
  ])('without %s', async (header, reason) => {
    const headers: Record<string, string | undefined> = await signedHeaders()
    await expect(check({ ...headers, [header]: undefined })).resolves.toMatchObject({ reason })
    await expect(check({ ...headers, [header]: '' })).resolves.toMatchObject({ reason })
  })

  it('reports the missing header under its custom name', async () => {
    const result = await check({}, { headerNames: { apiKey: 'X-BM-KEY' } })
    expect(result).toEqual({
      ok: false,
      reason: 'missing-key',
      message: 'Missing X-BM-KEY header: send the API key.',
    })
  })
})

describe('verify, other outcomes', () => {
  it('rejects methods outside the signature rule as unsupported-method', async () => {
    await expect(check(await signedHeaders(), { method: 'PATCH' })).resolves.toMatchObject({
      reason: 'unsupported-method',
    })
  })

  it('rejects an unknown key found by the lookup', async () => {
    const headers = await signedHeaders()
    await expect(
      verify({ method: 'GET', query, headers, now, lookup: () => undefined }),
    ).resolves.toMatchObject({ reason: 'unknown-key' })
  })

  it('never includes the expected signature in a failure', async () => {
    const headers = await signedHeaders()
    const expected = headers['x-api-sign'] ?? ''
    const result = await check({ ...headers, 'x-api-sign': '0'.repeat(64) })
    expect(result).toMatchObject({ reason: 'signature-mismatch' })
    expect(JSON.stringify(result)).not.toContain(expected)
  })

  it('exports every reason it can return', () => {
    expect(verifyFailureReasons).toEqual([
      'unsupported-method',
      'missing-key',
      'missing-signature',
      'missing-timestamp',
      'malformed-timestamp',
      'timestamp-outside-window',
      'unknown-key',
      'malformed-signature',
      'signature-mismatch',
    ])
  })

  it('throws for verifier misuse: both or neither of credentials and lookup, bad window, bad server credentials', async () => {
    const headers = await signedHeaders()
    await expect(
      // @ts-expect-error credentials and lookup exclude each other
      verify({ method: 'GET', headers, credentials, lookup: () => undefined }),
    ).rejects.toThrowError('verify needs either credentials or lookup.')
    // @ts-expect-error one of them is required
    await expect(verify({ method: 'GET', headers })).rejects.toThrowError(
      'verify needs either credentials or lookup.',
    )
    await expect(check(headers, { windowMs: -1 })).rejects.toThrowError(
      'windowMs must be a finite, non-negative number.',
    )
    await expect(
      verify({ method: 'GET', query, headers, now, lookup: () => ({ secret: '', memo: 'm' }) }),
    ).rejects.toThrowError(/^lookup\(apiKey\) result\.secret is empty\./)
  })

  it('lets an error thrown by the lookup propagate', async () => {
    const headers = await signedHeaders()
    const lookup = () => Promise.reject(new Error('database down'))
    await expect(verify({ method: 'GET', query, headers, now, lookup })).rejects.toThrowError(
      'database down',
    )
  })
})
