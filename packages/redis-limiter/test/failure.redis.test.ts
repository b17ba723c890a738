import { createClient as createApiClient, PerpkitError } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { createClient, type RedisClientType } from 'redis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createRedisStore, RedisLimiterError, type RedisStoreWarning } from '../src/index.ts'

const DEPTH = '/contract/public/depth'
const budget = { limit: 12, windowMs: 100 }
let sandbox: Sandbox
let server: RedisServer
let redis: RedisClientType

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 13,
    quiet: true,
    rateLimit: true,
    rateLimitBudgets: { [DEPTH]: budget },
  })
})
afterAll(() => sandbox?.close())

// A server of its own per test: these tests stop and restart it.
beforeEach(async () => {
  server = await startRedis()
  redis = await createClient({ url: server.url })
    .on('error', () => {})
    .connect()
})
afterEach(async () => {
  redis?.destroy()
  await server?.close()
})

/** Runs `calls` depth calls and restarts Redis once `restartAfter` of them have settled. */
async function runThroughRestart(
  store: ReturnType<typeof createRedisStore>,
  calls: number,
  restartAfter: number,
): Promise<PromiseSettledResult<unknown>[]> {
  const client = createApiClient({
    baseUrl: sandbox.url,
    rateLimit: { budgets: { [DEPTH]: budget }, store },
  })
  let settled = 0
  let restarted: Promise<void> | undefined
  const results = await Promise.allSettled(
    Array.from({ length: calls }, () =>
      client.getDepth({ symbol: 'BTCUSDT' }).finally(() => {
        settled += 1
        if (settled === restartAfter) restarted = server.restart()
      }),
    ),
  )
  await restarted
  return results
}

const rejections = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason).split('\n')[0]] : []))

describe('when Redis fails', () => {
  it('fallback: a Redis restart mid-run loses no request, warns once each way, and goes back to Redis', async () => {
    const warnings: RedisStoreWarning[] = []
    const store = createRedisStore({
      redis,
      onRedisError: 'fallback',
      onWarning: (warning) => warnings.push(warning),
      retryIntervalMs: 50,
    })
    const results = await runThroughRestart(store, 200, 40)
    expect(rejections(results)).toEqual([])
    expect(warnings.map((w) => w.kind)).toEqual(['fallback', 'recovered'])
    // Back on Redis: a new slot is written there.
    const slot = await store.acquire('after', budget)
    expect(await redis.zCard('perpkit:rate-limit:{after}:inflight')).toBe(1)
    slot.release()
  })

  it('fail-closed: a Redis restart mid-run loses no request (the retries wait for Redis)', async () => {
    const store = createRedisStore({ redis })
    const results = await runThroughRestart(store, 200, 40)
    expect(rejections(results)).toEqual([])
  })

  it('fail-closed: with Redis gone, a call fails at once with a retryable RedisLimiterError naming the key', async () => {
    const store = createRedisStore({ redis })
    await server.stop()
    while (redis.isReady) await new Promise((resolve) => setTimeout(resolve, 5))
    const client = createApiClient({ baseUrl: sandbox.url, retry: 0, rateLimit: { store } })
    const error = await client.getDepth({ symbol: 'BTCUSDT' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RedisLimiterError)
    expect(error).toBeInstanceOf(PerpkitError)
    expect((error as RedisLimiterError).retryable).toBe(true)
    expect((error as Error).message.replace(sandbox.url, '<sandbox>')).toMatchInlineSnapshot(`
      "The shared rate limiter could not reach Redis; the request was not sent

      Key: <sandbox> /contract/public/depth
      Reason: the Redis client is not connected"
    `)
  })

  it('a Redis that does not answer fails the wait after commandTimeoutMs instead of hanging', async () => {
    const store = createRedisStore({ redis, commandTimeoutMs: 100 })
    // Every command of every client waits for 1 s.
    await redis.sendCommand(['CLIENT', 'PAUSE', '1000', 'ALL'])
    const error = await store.acquire('k', budget).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RedisLimiterError)
    expect((error as RedisLimiterError).message).toContain('Redis did not answer within 100 ms')
  })

  it('fallback: a Redis that does not answer hands the wait to the in-process limiter, with a warning', async () => {
    const warnings: RedisStoreWarning[] = []
    const store = createRedisStore({
      redis,
      commandTimeoutMs: 100,
      onRedisError: 'fallback',
      onWarning: (warning) => warnings.push(warning),
    })
    // Every command of every client waits for 1 s.
    await redis.sendCommand(['CLIENT', 'PAUSE', '1000', 'ALL'])
    const slot = await store.acquire('k', budget)
    slot.release()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.message).toContain('Redis did not answer within 100 ms')
  })
})
