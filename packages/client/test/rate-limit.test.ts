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
