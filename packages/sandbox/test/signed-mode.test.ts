import { liveErrorCodes, signRequest, type VerifyFailureReason } from '@perpkit/signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox, verifyFailureCodes } from '../src/index.ts'
import { NOW } from './helpers.ts'

const credentials = { apiKey: 'test-key', secret: 'test-secret', memo: 'test-memo' }
const second = { apiKey: 'second-key', secret: 'second-secret', memo: 'second-memo' }
const query = 'symbol=BTCUSDT&limit=5'
const path = '/contract/public/market-trade'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ credentials: [credentials, second], now: () => NOW })
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
  it('accepts a request signed with signRequest from @perpkit/signer', async () => {
    const reply = await send(await signed())
    expect(reply.status).toBe(200)
    expect(reply.body.code).toBe(1000)
  })

  it('accepts any of several credentials', async () => {
    expect((await send(await signed({ credentials: second }))).status).toBe(200)
  })

  it('requires signatures on every endpoint, including those the table marks public', async () => {
    const res = await fetch(`${sandbox.url}/contract/public/details`)
    expect(res.status).toBe(401)
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
