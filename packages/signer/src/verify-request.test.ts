import { describe, expect, it } from 'vitest'
import { liveErrorBody, liveErrorCodes, liveErrorResponse } from './live-errors.ts'
import { createMemoryReplayStore } from './replay-store.ts'
import { type SignRequestParameters, signRequest } from './sign-request.ts'
import { verifyRequest } from './verify-request.ts'
import type { KeyRecord, VerifyRequestOptions } from './verify-request-options.ts'

const credentials = { apiKey: 'key-abc', secret: 'SECRET-91f3', memo: 'MEMO-77a2' }
const now = 1700000000000
const base = 'http://127.0.0.1/contract/private/trades'
let records = new Map<string, KeyRecord>([
  ['key-abc', { secret: credentials.secret, memo: credentials.memo }],
])

async function signed(
  init: { method?: string; query?: string; body?: string } = {},
  overrides: Partial<SignRequestParameters> = {},
): Promise<Request> {
  const method = (init.method ?? 'GET') as 'GET'
  const headers = await signRequest({
    method,
    query: init.query,
    body: init.body,
    credentials,
    now,
    ...overrides,
  } as SignRequestParameters)
  const url = init.query === undefined ? base : `${base}?${init.query}`
  return new Request(url, { method, headers, body: init.body ?? null })
}

function options(overrides: Partial<VerifyRequestOptions> = {}): VerifyRequestOptions {
  return {
    lookup: (apiKey) => records.get(apiKey),
    now,
    replay: createMemoryReplayStore({ now: () => now }),
    ...overrides,
  }
}

describe('verifyRequest on a Fetch-API Request', () => {
  it('accepts a signed GET, signing the query string, and returns an empty body', async () => {
    const request = await signed({ query: 'symbol=BTCUSDT&limit=5' })
    await expect(verifyRequest(request, options())).resolves.toEqual({
      ok: true,
      apiKey: 'key-abc',
      timestamp: now,
      body: '',
      json: undefined,
      secretIndex: 0,
      secretLabel: undefined,
    })
  })

  it('accepts a signed POST and hands back the body it read (the stream is consumed)', async () => {
    const body = '{"symbol":"BTCUSDT","leverage":"10"}'
    const request = await signed({ method: 'POST', body })
    const result = await verifyRequest(request, options())
    expect(result).toEqual({
      ok: true,
      apiKey: 'key-abc',
      timestamp: now,
      body,
      json: undefined,
      secretIndex: 0,
      secretLabel: undefined,
    })
    expect(request.bodyUsed).toBe(true)
  })

  it("follows getBodyRule 'empty' for GET on both sides", async () => {
    const request = await signed({ query: 'symbol=BTCUSDT' }, { getBodyRule: 'empty' })
    expect((await verifyRequest(request, options({ getBodyRule: 'empty' }))).ok).toBe(true)
    const again = await signed({ query: 'symbol=BTCUSDT' }, { getBodyRule: 'empty' })
    const result = await verifyRequest(again, options())
    expect(result.ok === false && result.reason).toBe('signature-mismatch')
  })

  it('takes the lookup async as well as sync, and credentials instead of a lookup', async () => {
    const asyncLookup = options({ lookup: async (apiKey) => records.get(apiKey) })
    expect((await verifyRequest(await signed(), asyncLookup)).ok).toBe(true)
    const withCredentials = options({ lookup: undefined, credentials })
    expect((await verifyRequest(await signed(), withCredentials)).ok).toBe(true)
  })

  it.each([
    ['missing-key', 'X-API-KEY', undefined, 30001],
    ['missing-signature', 'X-API-SIGN', undefined, 30004],
    ['missing-timestamp', 'X-API-TIMESTAMP', undefined, 30006],
    ['malformed-timestamp', 'X-API-TIMESTAMP', '17e11', 30008],
    ['timestamp-outside-window', 'X-API-TIMESTAMP', String(now - 30_001), 30007],
    ['unknown-key', 'X-API-KEY', 'key-other', 30002],
    ['malformed-signature', 'X-API-SIGN', 'ABC', 30005],
    ['signature-mismatch', 'X-API-SIGN', 'a'.repeat(64), 30005],
  ])(
    'refuses with %s (HTTP 401, code %s) when %s is changed',
    async (reason, header, value, code) => {
      const request = await signed({ query: 'symbol=BTCUSDT' })
      const headers = new Headers(request.headers)
      if (value === undefined) headers.delete(header)
      else headers.set(header, value)
      const result = await verifyRequest(new Request(request.url, { headers }), options())
      expect(result).toMatchObject({ ok: false, reason, status: 401, code })
    },
  )

  it('refuses a frozen key with 30003, but only after the signature matched', async () => {
    records = new Map([['key-abc', { ...credentials, frozen: true }]])
    try {
      const good = await verifyRequest(await signed(), options())
      expect(good).toMatchObject({ ok: false, reason: 'frozen-key', status: 401, code: 30003 })
      const forged = new Headers((await signed()).headers)
      forged.set('X-API-SIGN', 'b'.repeat(64))
      const bad = await verifyRequest(new Request(base, { headers: forged }), options())
      expect(bad).toMatchObject({ ok: false, reason: 'signature-mismatch' })
    } finally {
      records = new Map([['key-abc', { secret: credentials.secret, memo: credentials.memo }]])
    }
  })

  it('reads no body byte for a request refused on its headers', async () => {
    let pulled = false
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request(base, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit)
    const result = await verifyRequest(request, options())
    expect(result.ok === false && result.reason).toBe('missing-key')
    expect(pulled).toBe(false)
  })
})

describe('the body cap', () => {
  const body = JSON.stringify({ data: 'x'.repeat(100) })

  it('refuses a streamed body past maxBodyBytes with 413 and stops reading it', async () => {
    const signedRequest = await signed({ method: 'POST', body })
    let chunksPulled = 0
    const bytes = new TextEncoder().encode(body)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 10-byte chunks, no Content-Length: only the count can tell.
        const chunk = bytes.subarray(chunksPulled * 10, chunksPulled * 10 + 10)
        chunksPulled++
        if (chunk.length === 0) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const request = new Request(base, {
      method: 'POST',
      headers: signedRequest.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit)
    const result = await verifyRequest(request, options({ maxBodyBytes: 50 }))
    expect(result).toMatchObject({ ok: false, reason: 'body-too-large', status: 413 })
    expect(chunksPulled).toBeLessThan(Math.ceil(bytes.length / 10))
  })

  it('refuses a declared Content-Length past the cap without reading', async () => {
    const signedRequest = await signed({ method: 'POST', body })
    const headers = new Headers(signedRequest.headers)
    headers.set('content-length', '1000000')
    let pulled = false
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request(base, {
      method: 'POST',
      headers,
      body: stream,
      duplex: 'half',
    } as RequestInit)
    const result = await verifyRequest(request, options({ maxBodyBytes: 1000 }))
    expect(result.ok === false && result.reason).toBe('body-too-large')
    expect(pulled).toBe(false)
  })

  it('accepts a body of exactly maxBodyBytes', async () => {
    const request = await signed({ method: 'POST', body })
    const result = await verifyRequest(request, options({ maxBodyBytes: body.length }))
    expect(result.ok).toBe(true)
  })

  it('refuses a body that is not UTF-8 as a signature mismatch', async () => {
    const signedRequest = await signed({ method: 'POST', body: '{}' })
    const request = new Request(base, {
      method: 'POST',
      headers: signedRequest.headers,
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    })
    const result = await verifyRequest(request, options())
    expect(result.ok === false && result.reason).toBe('signature-mismatch')
  })

  it('rejects a request whose body was already read: a verifier mistake, not a failure', async () => {
    const request = await signed({ method: 'POST', body })
    await request.text()
    await expect(verifyRequest(request, options())).rejects.toThrow(/already read/)
  })
})

describe('replay protection', () => {
  it('accepts a signed request once and refuses the same request again with replay', async () => {
    const opts = options()
    expect((await verifyRequest(await signed({ query: 'a=1' }), opts)).ok).toBe(true)
    const second = await verifyRequest(await signed({ query: 'a=1' }), opts)
    expect(second).toMatchObject({ ok: false, reason: 'replay', status: 401, code: 30007 })
  })

  it('remembers a signature exactly as long as the window can still accept its timestamp', async () => {
    const ttls: number[] = []
    const replay = {
      setIfAbsent(_key: string, ttlMs: number) {
        ttls.push(ttlMs)
        return true
      },
    }
    await verifyRequest(await signed(), options({ replay, now: now + 10_000, windowMs: 30_000 }))
    expect(ttls).toEqual([20_001])
  })

  it('records nothing for a refused request, so a forger cannot burn a signature', async () => {
    const keys: string[] = []
    const replay = {
      setIfAbsent(key: string) {
        keys.push(key)
        return true
      },
    }
    const headers = new Headers((await signed()).headers)
    headers.set('X-API-SIGN', 'c'.repeat(64))
    await verifyRequest(new Request(base, { headers }), options({ replay }))
    expect(keys).toEqual([])
  })

  it('turns off with replay: false', async () => {
    const opts = options({ replay: false })
    expect((await verifyRequest(await signed(), opts)).ok).toBe(true)
    expect((await verifyRequest(await signed(), opts)).ok).toBe(true)
  })

  it('uses a shared in-process store by default', async () => {
    const opts = options({ replay: undefined, now: now + 1 })
    expect((await verifyRequest(await signed({ query: 'default=1' }), opts)).ok).toBe(true)
    const again = await verifyRequest(await signed({ query: 'default=1' }), opts)
    expect(again.ok === false && again.reason).toBe('replay')
  })
})

describe('live error answers', () => {
  it('maps every reason to a status and a live code: 30001-30008, 30014 for outages, 40007 for non-JSON', () => {
    for (const [reason, { status, code }] of Object.entries(liveErrorCodes)) {
      if (reason.endsWith('-unavailable'))
        expect({ status, code }).toEqual({ status: 503, code: 30014 })
      else if (reason === 'malformed-body')
        expect({ status, code }).toEqual({ status: 400, code: 40007 })
      else {
        expect([401, 413]).toContain(status)
        expect(code).toBeGreaterThanOrEqual(30001)
        expect(code).toBeLessThanOrEqual(30008)
      }
    }
  })

  it('builds {trace, code, data: {}, message} in that key order, as a Response too', async () => {
    const result = await verifyRequest(new Request(base), options())
    if (result.ok) throw new Error('expected a failure')
    expect(JSON.stringify(liveErrorBody(result, 'abc'))).toBe(
      `{"trace":"abc","code":30001,"data":{},"message":${JSON.stringify(result.message)}}`,
    )
    const response = liveErrorResponse(result, 'abc')
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({
      trace: 'abc',
      code: 30001,
      data: {},
      message: result.message,
    })
    expect(liveErrorBody(result).trace).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe('the body cap with a Content-Length', () => {
  it('still refuses a body longer than the cap when the declared length understates it', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(100) })
    const signedRequest = await signed({ method: 'POST', body })
    const headers = new Headers(signedRequest.headers)
    headers.set('content-length', '10')
    const request = new Request(base, { method: 'POST', headers, body })
    const result = await verifyRequest(request, options({ maxBodyBytes: 50 }))
    expect(result.ok === false && result.reason).toBe('body-too-large')
  })
})
