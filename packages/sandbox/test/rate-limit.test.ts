import { DEFAULT_RATE_LIMIT_HEADER_PREFIX, endpointRoutes } from '@perpkit/schemas/lite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { call, NOW, type Reply } from './helpers.ts'

let sandbox: Sandbox
let clock = NOW

beforeAll(async () => {
  // Defaults: live budgets on. The windows follow their own clock, stepped here.
  sandbox = await startSandbox({ now: () => NOW, rateLimitClock: () => clock })
})

afterAll(async () => {
  await sandbox.close()
})

beforeEach(() => {
  // Every test starts well after the windows of the previous one expired.
  clock += 60_000
})

const depth = () => call(sandbox.url, '/contract/public/depth', { symbol: 'BTCUSDT' })
/** The table's budget of depth (and of details, the same public budget), read, not restated. */
const { limit, windowMs } = endpointRoutes['/contract/public/depth'].rateLimit
const resetSeconds = String(windowMs / 1000)

function limitHeaders(reply: Reply, prefix = DEFAULT_RATE_LIMIT_HEADER_PREFIX) {
  return {
    limit: reply.headers.get(`${prefix}-RateLimit-Limit`),
    remaining: reply.headers.get(`${prefix}-RateLimit-Remaining`),
    reset: reply.headers.get(`${prefix}-RateLimit-Reset`),
    mode: reply.headers.get(`${prefix}-RateLimit-Mode`),
  }
}

describe('rate limits', () => {
  it('are on by default, under the X-RateLimit-* names', async () => {
    const reply = await depth()
    expect(reply.headers.get('X-RateLimit-Limit')).toBe(String(limit))
    expect(reply.headers.get('X-PK-RateLimit-Limit')).toBeNull()
  })

  it('keep their windows on rateLimitClock, apart from a pinned market clock', async () => {
    for (let i = 0; i < limit; i++) await depth()
    expect((await depth()).status).toBe(429)
    // The market clock stays at NOW; only the budget clock moves, and the window with it.
    clock += windowMs
    const reply = await depth()
    expect(reply.status).toBe(200)
    expect(limitHeaders(reply).remaining).toBe('1')
  })

  it("sends the table's Limit, Remaining = requests used so far (this one included), Reset = the window in seconds, Mode IP", async () => {
    for (let i = 1; i <= limit; i++) {
      const reply = await depth()
      expect(reply.status).toBe(200)
      expect(limitHeaders(reply)).toEqual({
        limit: String(limit),
        remaining: String(i),
        reset: resetSeconds,
        mode: 'IP',
      })
    }
  })

  it('answers HTTP 429 with code 30013 from the first request over the budget', async () => {
    for (let i = 0; i < limit; i++) await depth()
    const reply = await depth()
    expect(reply.status).toBe(429)
    expect(reply.body).toMatchObject({ code: 30013, data: null })
    expect(limitHeaders(reply).remaining).toBe(String(limit + 1))
    expect(reply.headers.get('retry-after')).toBeNull()
  })

  it('answers HTTP 418 with code 30017 past twice the budget, for the rest of the window', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 2 * limit + 3; i++) statuses.push((await depth()).status)
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(limit, 2 * limit).every((s) => s === 429)).toBe(true)
    expect(statuses.slice(2 * limit)).toEqual([418, 418, 418])
    clock += windowMs - 1
    const blocked = await depth()
    expect(blocked.status).toBe(418)
    expect(blocked.body).toMatchObject({ code: 30017 })
  })

  it('starts a fresh window after windowMs, so the budget is whole again', async () => {
    for (let i = 0; i < 2 * limit + 6; i++) await depth()
    clock += windowMs
    const reply = await depth()
    expect(reply.status).toBe(200)
    expect(limitHeaders(reply).remaining).toBe('1')
  })

  it('starts a window at the first request after the previous one expired, not on a fixed grid', async () => {
    await depth() // window [t, t + windowMs)
    clock += windowMs + 100
    expect(limitHeaders(await depth()).remaining).toBe('1') // new window from t + windowMs + 100
    clock += windowMs - 100
    // t + 2 windowMs would open a new window on a fixed grid; here it is still the same one.
    expect(limitHeaders(await depth()).remaining).toBe('2')
  })

  it('uses the table budget of open-interest, its own', async () => {
    const budget = endpointRoutes['/contract/public/open-interest'].rateLimit
    const oi = () => call(sandbox.url, '/contract/public/open-interest', { symbol: 'BTCUSDT' })
    for (let i = 1; i < budget.limit; i++) expect((await oi()).status).toBe(200)
    const last = await oi()
    expect(limitHeaders(last)).toEqual({
      limit: String(budget.limit),
      remaining: String(budget.limit),
      reset: String(budget.windowMs / 1000),
      mode: 'IP',
    })
    expect((await oi()).status).toBe(429)
  })

  it('counts each endpoint separately', async () => {
    for (let i = 0; i <= limit; i++) await depth()
    const trades = await call(sandbox.url, '/contract/public/market-trade', { symbol: 'BTCUSDT' })
    expect(trades.status).toBe(200)
    expect(limitHeaders(trades).remaining).toBe('1')
  })

  it('sends the headers on error answers too, and counts them', async () => {
    const bad = await call(sandbox.url, '/contract/public/depth', { symbol: 'NOPE' })
    expect(bad.status).toBe(400)
    expect(limitHeaders(bad).remaining).toBe('1')
    expect(limitHeaders(await depth()).remaining).toBe('2')
  })

  it('counts and marks a 405 on an endpoint path too', async () => {
    const post = await call(sandbox.url, '/contract/public/depth', {}, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(limitHeaders(post).remaining).toBe('1')
  })

  it('sends the headers on signed-mode 401s, HEAD answers and gzip-compressed answers', async () => {
    const signed = await startSandbox({
      credentials: { apiKey: 'k', secret: 's', memo: 'm' },
      endpointAuth: 'SIGNED',
      now: () => clock,
    })
    try {
      const unsigned = await call(signed.url, '/contract/public/depth', { symbol: 'BTCUSDT' })
      expect(unsigned.status).toBe(401)
      expect(limitHeaders(unsigned).remaining).toBe('1')
    } finally {
      await signed.close()
    }
    const head = await call(
      sandbox.url,
      '/contract/public/depth',
      { symbol: 'BTCUSDT' },
      {
        method: 'HEAD',
      },
    )
    expect(limitHeaders(head).remaining).toBe('1')
    const details = await call(sandbox.url, '/contract/public/details')
    expect(details.headers.get('content-encoding')).toBe('gzip')
    expect(limitHeaders(details).remaining).toBe('1')
  })

  it('neither limits nor counts the control routes', async () => {
    for (let i = 0; i < 30; i++)
      expect((await call(sandbox.url, '/__sandbox/faults')).status).toBe(200)
    expect(limitHeaders(await depth()).remaining).toBe('1')
  })

  it('sends no rate-limit headers and refuses nothing with rateLimit: false', async () => {
    const open = await startSandbox({ now: () => clock, rateLimit: false })
    try {
      for (let i = 0; i < 30; i++) {
        const reply = await call(open.url, '/contract/public/open-interest', { symbol: 'BTCUSDT' })
        expect(reply.status).toBe(200)
        expect(reply.headers.get('X-RateLimit-Limit')).toBeNull()
      }
    } finally {
      await open.close()
    }
  })

  it('uses rateLimitHeaderPrefix for the header names', async () => {
    const other = await startSandbox({ rateLimitHeaderPrefix: 'X-BM', now: () => clock })
    try {
      const reply = await call(other.url, '/contract/public/details')
      expect(limitHeaders(reply, 'X-BM')).toEqual({
        limit: String(limit),
        remaining: '1',
        reset: resetSeconds,
        mode: 'IP',
      })
      expect(reply.headers.get('X-RateLimit-Limit')).toBeNull()
    } finally {
      await other.close()
    }
  })

  it('uses rateLimitHeaderNames for the full name of a header, the prefix for the others', async () => {
    const other = await startSandbox({
      rateLimitHeaderPrefix: 'X-BM',
      rateLimitHeaderNames: { remaining: 'X-Used-In-Window' },
      now: () => clock,
    })
    try {
      const reply = await call(other.url, '/contract/public/details')
      expect(reply.headers.get('X-Used-In-Window')).toBe('1')
      expect(reply.headers.get('X-BM-RateLimit-Remaining')).toBeNull()
      expect(reply.headers.get('X-BM-RateLimit-Limit')).toBe(String(limit))
      expect(reply.headers.get('access-control-expose-headers')).toContain('X-Used-In-Window')
    } finally {
      await other.close()
    }
    await expect(startSandbox({ rateLimitHeaderNames: { limit: 'bad name' } })).rejects.toThrow(
      TypeError,
    )
  })

  it('replaces the table budget of a path with rateLimitBudgets, leaving the others alone', async () => {
    const fast = await startSandbox({
      rateLimitBudgets: { '/contract/public/depth': { limit: 3, windowMs: 100 } },
      rateLimitClock: () => clock,
    })
    try {
      const hit = () => call(fast.url, '/contract/public/depth', { symbol: 'BTCUSDT' })
      for (let i = 0; i < 3; i++) expect((await hit()).status).toBe(200)
      const over = await hit()
      expect(over.status).toBe(429)
      expect(limitHeaders(over)).toEqual({ limit: '3', remaining: '4', reset: '0.1', mode: 'IP' })
      clock += 100
      expect((await hit()).status).toBe(200)
      const details = await call(fast.url, '/contract/public/details')
      expect(limitHeaders(details).limit).toBe(String(limit))
    } finally {
      await fast.close()
    }
  })

  it('refuses rateLimitBudgets for a path outside the table or with a bad budget', async () => {
    const misspelt = { '/nope': { limit: 1, windowMs: 1 } }
    // @ts-expect-error: budgets are keyed by the table's paths, so a stray path fails to compile
    await expect(startSandbox({ rateLimitBudgets: misspelt })).rejects.toThrow(TypeError)
    const depth = '/contract/public/depth'
    await expect(
      startSandbox({ rateLimitBudgets: { [depth]: { limit: 0, windowMs: 100 } } }),
    ).rejects.toThrow(RangeError)
  })
})
