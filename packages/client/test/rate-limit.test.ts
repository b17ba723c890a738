import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../src/index.ts'

const DEPTH = '/contract/public/depth'
/** The live budget shape (12 per window) on a 100 ms window, so 1,000 calls take seconds, not minutes. */
const budget = { limit: 12, windowMs: 100 }
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 5,
    quiet: true,
    rateLimit: true,
    rateLimitBudgets: { [DEPTH]: budget },
  })
})
afterAll(() => sandbox.close())

describe('the rate limiter against a rate-limited sandbox', () => {
  it('sends 1,000 queued calls without a single 429', async () => {
    const client = createClient({
      baseUrl: sandbox.url,
      retry: 0,
      rateLimit: { budgets: { [DEPTH]: budget } },
    })
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, () => client.getDepth({ symbol: 'BTCUSDT' }).withResponse()),
    )
    const failures = results.filter((r) => r.status === 'rejected')
    expect(failures.map((f) => String((f as PromiseRejectedResult).reason).split('\n')[0])).toEqual(
      [],
    )
    const used = results.map((r) =>
      r.status === 'fulfilled' ? r.value.rateLimit?.used : undefined,
    )
    expect(Math.max(...(used as number[]))).toBeLessThanOrEqual(budget.limit)
  }, 60_000)

  it('serves queued calls first in, first out', async () => {
    const client = createClient({
      baseUrl: sandbox.url,
      retry: 0,
      rateLimit: { budgets: { [DEPTH]: budget } },
    })
    const order: number[] = []
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.getDepth({ symbol: 'ETHUSDT' }).then(() => order.push(i)),
      ),
    )
    // Responses of one window may overtake each other on the wire, never across windows.
    for (let i = 0; i < order.length; i++)
      expect(Math.abs(order[i]! - i)).toBeLessThan(budget.limit)
  })

  it('without the limiter, the same burst does hit 429 (so the test above can fail)', async () => {
    const client = createClient({ baseUrl: sandbox.url, retry: 0, rateLimit: false })
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => client.getDepth({ symbol: 'SOLUSDT' })),
    )
    expect(
      results.some(
        (r) => r.status === 'rejected' && (r.reason as { code?: number }).code === 30013,
      ),
    ).toBe(true)
  })
})

describe('the client with its defaults against a sandbox with its defaults (live budgets)', () => {
  it('answers a burst on one endpoint, and on open interest (2 per 2 s), without a single 429', async () => {
    // Nothing configured on either side: the client throttles itself with the table's budgets,
    // the sandbox enforces the same budgets (12 per 2 s; open interest 2 per 2 s) per IP.
    const statuses: number[] = []
    const twin = await startSandbox({
      seed: 5,
      quiet: true,
      log: (line) => statuses.push(Number(line.split(' ')[2])),
    })
    try {
      const client = createClient({ baseUrl: twin.url, retry: 0 })
      const books = Array.from({ length: 26 }, () => client.getDepth({ symbol: 'BTCUSDT' }))
      const interest = Array.from({ length: 4 }, () =>
        client.getOpenInterest({ symbol: 'BTCUSDT' }),
      )
      const results = await Promise.allSettled([...books, ...interest])
      expect(results.filter((r) => r.status === 'rejected')).toEqual([])
      expect(statuses).toHaveLength(30)
      expect(statuses.every((status) => status === 200)).toBe(true)
    } finally {
      await twin.close()
    }
  }, 60_000)
})
