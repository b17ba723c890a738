import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runWorkers } from './run-workers.ts'

const DEPTH = '/contract/public/depth'
/** A fast budget (the live one is 12 per 2 s), so 1,000 calls take seconds. */
const budget = { limit: 25, windowMs: 100 }
let redis: RedisServer
let sandbox: Sandbox

beforeAll(async () => {
  redis = await startRedis()
  sandbox = await startSandbox({
    seed: 11,
    quiet: true,
    rateLimit: true,
    rateLimitBudgets: { [DEPTH]: budget },
  })
})
afterAll(async () => {
  await sandbox?.close()
  await redis?.close()
})

describe('4 processes x 250 calls to one endpoint, against a rate-limited sandbox', () => {
  it('share one budget through Redis: all 1,000 calls answered, not one 429', async () => {
    const report = await runWorkers(4, {
      baseUrl: sandbox.url,
      redisUrl: redis.url,
      store: 'redis',
      calls: 250,
      budget,
    })
    expect(report).toEqual({ ok: 1000 })
  })

  it('with the in-process store instead, each process paces only itself and gets 429s (the control)', async () => {
    // Let the previous run's windows pass on the sandbox.
    await new Promise((resolve) => setTimeout(resolve, 2 * budget.windowMs))
    const report = await runWorkers(4, {
      baseUrl: sandbox.url,
      redisUrl: redis.url,
      store: 'in-process',
      calls: 250,
      budget,
    })
    expect(report['30013'] ?? 0).toBeGreaterThan(0)
  })
})
