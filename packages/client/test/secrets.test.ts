import { inspect } from 'node:util'
import { startSandbox } from '@perpkit/sandbox'
import { endpointPaths, endpointRoutes } from '@perpkit/schemas/lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthError, createClient } from '../src/index.ts'
import { sampleParams } from './sample-params.ts'

const SECRET = 'sEcReT-4b1d-never-print-me'
const MEMO = 'memo-never-print-me'

const samples = sampleParams(Date.now())
let sandbox: Awaited<ReturnType<typeof startSandbox>>

beforeAll(async () => {
  // Every endpoint signed (a deployment that signs every call), so an answer proves a signature.
  sandbox = await startSandbox({
    credentials: { apiKey: 'key-1', secret: SECRET, memo: MEMO },
    endpointAuth: 'SIGNED',
    rateLimit: false,
    quiet: true,
  })
})
afterAll(() => sandbox.close())

describe('signed requests and secrets', () => {
  it.each(endpointPaths)(
    "signs %s with the row's method when auth is SIGNED, and the signed sandbox accepts it",
    async (path) => {
      const client = createClient({
        baseUrl: sandbox.url,
        credentials: { apiKey: 'key-1', secret: SECRET, memo: MEMO },
        auth: 'SIGNED',
        retry: 0,
      })
      const method = client[endpointRoutes[path].clientMethod] as (params: unknown) => unknown
      // The sandbox refuses any unsigned request, so an answer means it was signed.
      await expect(method.call(client, samples[path])).resolves.toBeDefined()
    },
  )

  it('reports a wrong memo as an AuthError that shows neither the secret nor the memo', async () => {
    const client = createClient({
      baseUrl: sandbox.url,
      credentials: { apiKey: 'key-1', secret: SECRET, memo: 'account-12345' },
      auth: 'SIGNED',
      retry: 0,
    })
    const error = await client.getDepth({ symbol: 'BTCUSDT' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthError)
    // live: 30005 is a wrong signature
    expect((error as AuthError).code).toBe(30005)
    const printed = `${String(error)} ${inspect(error)} ${JSON.stringify(error)} ${(error as Error).stack}`
    expect(printed).not.toContain(SECRET)
    expect(printed).not.toContain('account-12345')
  })

  it('keeps credentials off the client object: not in JSON, not in inspect', () => {
    const client = createClient({
      baseUrl: sandbox.url,
      credentials: { apiKey: 'key-1', secret: SECRET, memo: MEMO },
    })
    const printed = `${JSON.stringify(client)} ${inspect(client, { depth: 10, showHidden: true })}`
    expect(printed).not.toContain(SECRET)
    expect(printed).not.toContain(MEMO)
  })

  it('refuses an unsigned request in signed mode with the missing-key code', async () => {
    const client = createClient({ baseUrl: sandbox.url, retry: 0 })
    await expect(client.getDepth({ symbol: 'BTCUSDT' })).rejects.toMatchObject({
      name: 'AuthError',
      code: 30001,
      httpStatus: 401,
    })
  })

  it('signs every attempt afresh: a retried request carries a new timestamp and still verifies', async () => {
    // Each signature is made a second later than the one before.
    let calls = 0
    const now = () => {
      calls++
      return Date.now() + calls * 1000
    }
    const seen: (string | null)[] = []
    const client = createClient({
      baseUrl: sandbox.url,
      credentials: { apiKey: 'key-1', secret: SECRET, memo: MEMO },
      auth: 'SIGNED',
      retry: { maxRetries: 1, baseDelayMs: 1 },
      now,
      hooks: {
        beforeRequest: [(request) => void seen.push(request.headers.get('X-API-TIMESTAMP'))],
      },
    })
    sandbox.faults.add('/contract/public/depth', { kind: 'unavailable' }, 1)
    const { attempts } = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
    expect(attempts).toBe(2)
    expect(seen).toHaveLength(2)
    expect(seen[0]).not.toBe(seen[1])
  })

  it('request(): SIGNED passes the signed sandbox; KEYED alone is refused for the missing signature', async () => {
    const client = createClient({
      baseUrl: sandbox.url,
      credentials: { apiKey: 'key-1', secret: SECRET, memo: MEMO },
      retry: 0,
    })
    const data = await client.request<{ symbol: string }>({
      path: '/contract/public/open-interest',
      query: { symbol: 'ETHUSDT' },
      auth: 'SIGNED',
    })
    expect(data.symbol).toBe('ETHUSDT')
    await expect(
      client.request({
        path: '/contract/public/open-interest',
        query: { symbol: 'ETHUSDT' },
        auth: 'KEYED',
      }),
    ).rejects.toMatchObject({ name: 'AuthError', code: 30004 }) // live: signature header empty
  })
})
