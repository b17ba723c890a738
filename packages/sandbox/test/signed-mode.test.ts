import { liveErrorCodes, signRequest, type VerifyFailureReason } from '@perpkit/signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox, verifyFailureCodes } from '../src/index.ts'
import { NOW } from './helpers.ts'

const credentials = { apiKey: 'test-key', secret: 'test-secret', memo: 'test-memo' }
const second = { apiKey: 'second-key', secret: 'second-secret', memo: 'second-memo' }
const frozen = { apiKey: 'frozen-key', secret: 'frozen-secret', memo: 'frozen-memo' }
const query = 'symbol=BTCUSDT&limit=5'
/** The sandbox's route for exercising a signer: every endpoint of the table is public. */
const path = '/__sandbox/signed'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    credentials: [credentials, second, frozen],
    frozenApiKeys: [frozen.apiKey],
    now: () => NOW,
    rateLimit: false,
  })
})

afterAll(async () => {
  await sandbox.close()
})

async function send(headers: Record<string, string>, base = sandbox.url, q = query) {
  const res = await fetch(`${base}${path}?${q}`, { headers })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

function signed(overrides: Partial<Parameters<typeof signRequest>[0]> = {}) {
  return signRequest({ method: 'GET', query, credentials, now: NOW, ...overrides })
}

describe('signed mode', () => {
  it('accepts a request signed with signRequest from @perpkit/signer, naming the key and the bytes signed', async () => {
    const reply = await send(await signed())
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({
      code: 1000,
      data: { api_key: credentials.apiKey, signed_body: query },
    })
  })

  it('verifies a POST over its JSON body, as live signed endpoints do', async () => {
    const body = JSON.stringify({ symbol: 'BTCUSDT', leverage: '10' })
    const headers = await signRequest({ method: 'POST', body, credentials, now: NOW })
    const post = (init: RequestInit) => fetch(`${sandbox.url}${path}`, { method: 'POST', ...init })
    const ok = await post({ headers: { ...headers, 'content-type': 'application/json' }, body })
    expect(await ok.json()).toMatchObject({ code: 1000, data: { signed_body: body } })
    const tampered = await post({ headers, body: body.replace('10', '20') })
    expect([tampered.status, ((await tampered.json()) as { code: number }).code]).toEqual([
      401, 30005,
    ])
  })

  it('accepts any of several credentials', async () => {
    expect((await send(await signed({ credentials: second }))).status).toBe(200)
  })

  it('answers 30003 for a frozen key once its signature checked out (30005 before that)', async () => {
    const reply = await send(await signed({ credentials: frozen }))
    expect(reply.status).toBe(401)
    expect(reply.body).toMatchObject({ code: 30003, data: {} })
    expect(verifyFailureCodes['frozen-key']).toBe(30003)
    const wrong = await send(await signed({ credentials: { ...frozen, secret: 'guess' } }))
    expect(wrong.body.code).toBe(30005)
  })

  it('leaves the public endpoints of the table public, as live: no headers, no refusal', async () => {
    for (const endpoint of ['/contract/public/details', '/contract/public/market-trade']) {
      const res = await fetch(`${sandbox.url}${endpoint}?symbol=BTCUSDT`)
      expect(res.status).toBe(200)
    }
  })

  it("signs every endpoint with endpointAuth 'SIGNED', as a deployment that signs every call", async () => {
    const all = await startSandbox({
      credentials,
      endpointAuth: 'SIGNED',
      now: () => NOW,
      rateLimit: false,
    })
    try {
      const trades = `/contract/public/market-trade?${query}`
      expect((await fetch(`${all.url}${trades}`)).status).toBe(401)
      expect((await fetch(`${all.url}${trades}`, { headers: await signed() })).status).toBe(200)
    } finally {
      await all.close()
    }
    await expect(startSandbox({ endpointAuth: 'SIGNED' })).rejects.toThrow(/credentials/)
    await expect(startSandbox({ credentials, frozenApiKeys: ['nope'] })).rejects.toThrow(
      /frozenApiKeys/,
    )
  })

  it('answers the signed route without credentials as live answers an unknown key (30002)', async () => {
    const open = await startSandbox({ now: () => NOW, rateLimit: false })
    try {
      expect((await send(await signed(), open.url)).body.code).toBe(30002)
      expect((await send({}, open.url)).body.code).toBe(30001)
    } finally {
      await open.close()
    }
  })

  it('leaves the control routes unsigned', async () => {
    expect((await fetch(`${sandbox.url}/__sandbox/faults`)).status).toBe(200)
  })

  type Case = [
    name: string,
    reason: VerifyFailureReason,
    code: number,
    headers: () => Promise<Record<string, string>>,
  ]
  const cases: Case[] = [
    ['no headers at all: 30001', 'missing-key', 30001, async () => ({})],
    [
      'an unknown API key: 30002',
      'unknown-key',
      30002,
      () => signed({ credentials: { apiKey: 'other', secret: 'x', memo: 'y' } }),
    ],
    [
      'no signature header: 30004',
      'missing-signature',
      30004,
      async () => {
        const { 'X-API-SIGN': _, ...rest } = await signed()
        return rest
      },
    ],
    [
      'no timestamp header: 30006',
      'missing-timestamp',
      30006,
      async () => {
        const { 'X-API-TIMESTAMP': _, ...rest } = await signed()
        return rest
      },
    ],
    [
      'a timestamp that is not digits: 30008',
      'malformed-timestamp',
      30008,
      async () => ({ ...(await signed()), 'X-API-TIMESTAMP': 'soon' }),
    ],
    [
      'a signature made with another secret: 30005',
      'signature-mismatch',
      30005,
      () => signed({ credentials: { ...credentials, secret: 'wrong-secret' } }),
    ],
    [
      'a signature made with the account id instead of the memo: 30005',
      'signature-mismatch',
      30005,
      () => signed({ credentials: { ...credentials, memo: 'account-123' } }),
    ],
    [
      'a timestamp 60 s old (window 30 s): 30007',
      'timestamp-outside-window',
      30007,
      () => signed({ now: NOW - 60_000 }),
    ],
    [
      'a timestamp 31 s in the future: 30007',
      'timestamp-outside-window',
      30007,
      () => signed({ now: NOW + 31_000 }),
    ],
    [
      'a signature that is not 64 hex characters: 30005',
      'malformed-signature',
      30005,
      async () => ({ ...(await signed()), 'X-API-SIGN': 'xyz' }),
    ],
  ]

  it.each(cases)(
    'rejects %s, with HTTP 401 and the live body',
    async (_, reason, code, headers) => {
      const reply = await send(await headers())
      expect(reply.status).toBe(401)
      expect(Object.keys(reply.body)).toEqual(['trace', 'code', 'data', 'message'])
      expect(reply.body).toMatchObject({ code, data: {} })
      expect(typeof reply.body.message).toBe('string')
      expect(JSON.stringify(reply.body)).not.toContain('test-secret')
      // The exported mapping is the one the server answers with.
      expect(verifyFailureCodes[reason]).toBe(code)
    },
  )

  it('rejects a signature over another query string (the query is signed as sent)', async () => {
    const headers = await signed({ query: 'limit=5&symbol=BTCUSDT' })
    expect((await send(headers)).body.code).toBe(30005)
  })

  it('accepts a timestamp inside signatureWindowMs', async () => {
    expect((await send(await signed({ now: NOW - 29_000 }))).status).toBe(200)
  })

  it("signs the empty string for GET with getBodyRule 'empty'", async () => {
    const empty = await startSandbox({ credentials, getBodyRule: 'empty', now: () => NOW })
    try {
      expect((await send(await signed({ getBodyRule: 'empty' }), empty.url)).status).toBe(200)
      expect((await send(await signed(), empty.url)).body.code).toBe(30005)
    } finally {
      await empty.close()
    }
  })

  it('honours signatureWindowMs', async () => {
    const strict = await startSandbox({ credentials, signatureWindowMs: 1000, now: () => NOW })
    try {
      expect((await send(await signed({ now: NOW - 2000 }), strict.url)).body.code).toBe(30007)
      expect((await send(await signed({ now: NOW - 500 }), strict.url)).status).toBe(200)
    } finally {
      await strict.close()
    }
  })

  it('reads the signing headers under the names of the headerNames option', async () => {
    const headerNames = { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' }
    const renamed = await startSandbox({ credentials, headerNames, now: () => NOW })
    try {
      expect((await send(await signed({ headerNames }), renamed.url)).status).toBe(200)
      expect((await send(await signed(), renamed.url)).body.code).toBe(30001)
    } finally {
      await renamed.close()
    }
  })
})

describe('signed mode runs verifyNodeRequest of @perpkit/signer', () => {
  it("answers every reason with the signer's live status and code, the same as verifyFailureCodes", () => {
    for (const [reason, code] of Object.entries(verifyFailureCodes)) {
      expect(liveErrorCodes[reason as VerifyFailureReason]).toEqual({ status: 401, code })
    }
  })

  it('does not refuse the same signed request twice (live servers document no replay check)', async () => {
    const headers = await signed()
    expect((await send(headers)).status).toBe(200)
    expect((await send(headers)).status).toBe(200)
  })

  it('checks a HEAD request as the GET it mirrors', async () => {
    const res = await fetch(`${sandbox.url}${path}?${query}`, {
      method: 'HEAD',
      headers: await signed(),
    })
    expect(res.status).toBe(200)
    const bad = await fetch(`${sandbox.url}${path}?${query}`, {
      method: 'HEAD',
      headers: await signed({ query: 'x=1' }),
    })
    expect(bad.status).toBe(401)
  })
})
