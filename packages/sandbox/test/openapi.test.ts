import {
  DEFAULT_RATE_LIMIT_HEADER_PREFIX,
  type EndpointPath,
  endpointPaths,
  endpoints,
} from '@perpkit/schemas'
import { signRequest } from '@perpkit/signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { call, NOW } from './helpers.ts'
import {
  documentedHeaders,
  documentedRateLimitPrefix,
  openApiMismatches,
  openApiText,
} from './openapi-document.ts'
import { sampleQueries } from './sample-queries.ts'

/** The default, live-like mode: quirks on. */
let quirky: Sandbox
/** Signed mode with every endpoint signed, quirks on. */
let signed: Sandbox
/** Rate limits enforced with a tiny budget, quirks on. */
let limited: Sandbox

const credentials = { apiKey: 'k', secret: 's', memo: 'm' }

beforeAll(async () => {
  quirky = await startSandbox({ now: () => NOW, rateLimit: false, quiet: true })
  signed = await startSandbox({
    now: () => NOW,
    credentials,
    endpointAuth: 'SIGNED',
    rateLimit: false,
    quiet: true,
  })
  limited = await startSandbox({
    now: () => NOW,
    rateLimitBudgets: Object.fromEntries(
      endpointPaths.map((path) => [path, { limit: 1, windowMs: 60_000 }]),
    ),
    quiet: true,
  })
})

afterAll(async () => {
  await Promise.all([quirky.close(), signed.close(), limited.close()])
})

/** Queries that reach the quirks: one-sided and empty books, every contract's details. */
const quirkyQueries: [EndpointPath, Record<string, string | number>][] = [
  ...endpointPaths.map((path): [EndpointPath, Record<string, string | number>] => [
    path,
    sampleQueries[path],
  ]),
  ['/contract/public/depth', { symbol: 'ACEUSDT' }],
  ['/contract/public/depth', { symbol: 'NTRNUSDT' }],
  ['/contract/public/details', { symbol: 'LUNAUSDT' }],
  ['/contract/public/funding-rate-history', { symbol: 'BTCUSDT', limit: 100 }],
]

describe('GET /openapi.json', () => {
  it('names the rate-limit headers the sandbox sends by default (X-RateLimit-*)', () => {
    expect(documentedRateLimitPrefix()).toBe(DEFAULT_RATE_LIMIT_HEADER_PREFIX)
  })

  it("serves the document @perpkit/schemas ships, byte for byte, with the sandbox's CORS", async () => {
    const reply = await call(
      quirky.url,
      '/openapi.json',
      {},
      { headers: { origin: 'https://a.example' } },
    )
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
    expect(reply.headers.get('access-control-allow-origin')).toBe('*')
    expect(reply.text).toBe(openApiText)
    expect(reply.body.openapi).toBe('3.1.0')
  })

  it('answers HEAD like GET without a body, and refuses other methods with 405', async () => {
    const head = await call(quirky.url, '/openapi.json', {}, { method: 'HEAD' })
    expect([head.status, head.text]).toEqual([200, ''])
    const post = await call(quirky.url, '/openapi.json', {}, { method: 'POST' })
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
  })

  it('is served in signed mode without a signature and is never rate-limited', async () => {
    expect((await call(signed.url, '/openapi.json')).status).toBe(200)
    for (let i = 0; i < 3; i++) {
      const reply = await call(limited.url, '/openapi.json')
      expect(reply.status).toBe(200)
      expect([...reply.headers.keys()].filter((name) => name.includes('ratelimit'))).toEqual([])
    }
  })
})

describe('every sandbox answer, quirks on, validates against openapi.json', () => {
  it.each(quirkyQueries)('%s %o: 200 and its wire data', async (path, query) => {
    const reply = await call(quirky.url, path, query)
    expect(reply.status).toBe(200)
    expect(openApiMismatches(path, reply)).toEqual([])
  })

  it.each(endpointPaths)('%s: an unknown symbol answers a documented 400', async (path) => {
    const reply = await call(quirky.url, path, { ...sampleQueries[path], symbol: 'NOPEUSDT' })
    expect(reply.status).toBe(400)
    expect(openApiMismatches(path, reply)).toEqual([])
  })

  it.each([
    ['/contract/public/kline', { step: 7 }, 40038],
    ['/contract/public/markprice-kline', { start_time: 'soon' }, 40039],
    ['/contract/public/market-trade', { limit: 1000 }, 40007],
    ['/contract/public/funding-rate-history', { limit: 0 }, 40007],
    ['/contract/public/depth', { symbol: '' }, 40034],
    ['/contract/public/details', { symbol: 'NOPEUSDT' }, 40012],
  ] as const)('%s %o: code %i, a documented 400', async (path, bad, code) => {
    const reply = await call(quirky.url, path, { ...sampleQueries[path], ...bad })
    expect([reply.status, reply.body.code]).toEqual([400, code])
    expect(openApiMismatches(path, reply)).toEqual([])
  })

  it.each(endpointPaths)(
    '%s: signed-mode 401s (no headers, wrong signature) are documented',
    async (path) => {
      const query = new URLSearchParams(
        Object.entries(sampleQueries[path]).map(([k, v]) => [k, String(v)]),
      ).toString()
      const missing = await call(signed.url, path, sampleQueries[path])
      expect([missing.status, missing.body.code]).toEqual([401, 30001])
      expect(openApiMismatches(path, missing)).toEqual([])
      const headers = await signRequest({
        method: 'GET',
        query,
        credentials: { ...credentials, secret: 'wrong' },
        now: NOW,
      })
      const wrong = await call(signed.url, path, sampleQueries[path], { headers })
      expect([wrong.status, wrong.body.code]).toEqual([401, 30005])
      expect(openApiMismatches(path, wrong)).toEqual([])
      const good = await signRequest({ method: 'GET', query, credentials, now: NOW })
      const ok = await call(signed.url, path, sampleQueries[path], { headers: good })
      expect(ok.status).toBe(200)
      expect(openApiMismatches(path, ok)).toEqual([])
    },
  )

  it.each(endpointPaths)(
    '%s: 200, 429 and 418 carry the documented rate-limit headers',
    async (path) => {
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        const reply = await call(limited.url, path, sampleQueries[path])
        statuses.push(reply.status)
        expect(openApiMismatches(path, reply)).toEqual([])
        const sent = [...reply.headers.keys()].filter((name) => name.includes('ratelimit'))
        expect(sent).toHaveLength(4)
        expect(documentedHeaders(path, reply.status)).toEqual(expect.arrayContaining(sent))
      }
      expect(statuses).toEqual([200, 429, 418])
    },
  )

  it.each([
    ['maintenance', 200],
    ['rate-limit', 429],
    ['blocked', 418],
    ['unavailable', 503],
    ['unavailable-html', 503],
  ] as const)('a %s fault answers a documented %i', async (fault, status) => {
    for (const path of endpointPaths) {
      const reply = await call(quirky.url, path, sampleQueries[path], {
        headers: { 'x-sandbox-fault': fault },
      })
      expect(reply.status).toBe(status)
      expect(openApiMismatches(path, reply)).toEqual([])
    }
  })

  it('notices an answer that breaks the document (the check can fail)', async () => {
    const reply = await call(quirky.url, '/contract/public/depth', { symbol: 'BTCUSDT' })
    const broken = { ...reply, text: reply.text.replace(/"bids":\[\["[\d.]+"/, '"bids":[[65000.5') }
    expect(broken.text).not.toBe(reply.text)
    expect(openApiMismatches('/contract/public/depth', broken).join('\n')).toMatch(/bids\/0\/0/)
    const kline = endpoints['/contract/public/kline'].path
    expect(openApiMismatches(kline, { ...reply, status: 404 })).toEqual([
      `status 404 is not documented for ${kline}`,
    ])
  })
})
