import {
  createClient as createApiClient,
  PerpkitError,
  type RateLimitStore,
  type RetryOptions,
} from '@perpkit/client'
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

/**
 * For the outage tests: longer than any stall of a loaded machine, so that
 * only the outage makes a command fail (a late answer would count as Redis
 * failing, by design). A command node-redis holds across the outage fails
 * after this long.
 */
const COMMAND_TIMEOUT_MS = 5000

/** Concurrent depth-call loops: more callers than the budget admits, so the queue always has waiters. */
const CALLERS = 30

/**
 * Depth calls from {@link CALLERS} loops until `stop()`. `settled(n)`
 * resolves once `n` more calls have settled: the test moves on when traffic
 * went through, never after a guessed delay.
 */
function traffic(store: RateLimitStore, retry?: RetryOptions) {
  const client = createApiClient({
    baseUrl: sandbox.url,
    rateLimit: { budgets: { [DEPTH]: budget }, store },
    ...(retry && { retry }),
  })
  const results: PromiseSettledResult<unknown>[] = []
  const waits: { count: number; resolve: () => void }[] = []
  let running = true
  const loop = async (): Promise<void> => {
    while (running) {
      results.push(...(await Promise.allSettled([client.getDepth({ symbol: 'BTCUSDT' })])))
      for (const wait of waits.filter((w) => results.length >= w.count)) wait.resolve()
    }
  }
  const loops = Array.from({ length: CALLERS }, loop)
  return {
    settled: (more: number) =>
      new Promise<void>((resolve) => waits.push({ count: results.length + more, resolve })),
    stop: async (): Promise<PromiseSettledResult<unknown>[]> => {
      running = false
      await Promise.all(loops)
      return results
    },
  }
}

/** The store's warnings; `seen(kind)` resolves once one of that kind came. */
function warningLog() {
  const warnings: RedisStoreWarning[] = []
  const waits: { kind: RedisStoreWarning['kind']; resolve: () => void }[] = []
  return {
    onWarning: (warning: RedisStoreWarning): void => {
      warnings.push(warning)
      for (const wait of waits.filter((w) => w.kind === warning.kind)) wait.resolve()
    },
    seen: (kind: RedisStoreWarning['kind']) =>
      new Promise<void>((resolve) => {
        if (warnings.some((w) => w.kind === kind)) resolve()
        else waits.push({ kind, resolve })
      }),
    kinds: () => warnings.map((w) => w.kind),
  }
}

/** The store, and a promise that resolves once one of its acquires was refused. */
function refusalWatch(store: RateLimitStore) {
  const refused: unknown[] = []
  let resolveFirst = (): void => {}
  const first = new Promise<void>((resolve) => {
    resolveFirst = resolve
  })
  const watched: RateLimitStore = {
    acquire: (key, limit, signal) =>
      store.acquire(key, limit, signal).catch((error: unknown) => {
        refused.push(error)
        resolveFirst()
        throw error
      }),
    observe: (key, limit, info) => store.observe(key, limit, info),
    block: (key, limit, ms) => store.block(key, limit, ms),
  }
  return { store: watched, refused, first }
}

const rejections = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason).split('\n')[0]] : []))

describe('when Redis fails', () => {
  // Redis stays stopped until the store has said it fell back, and the calls
  // go on until it has said Redis is back. (A restart at a set point of the
  // run could go unnoticed: node-redis holds a command sent as the socket dies
  // and sends it once reconnected, and a reconnection within commandTimeoutMs
  // fails nothing, as documented. Or the run could end before Redis was back.)
  it('fallback: Redis down mid-run loses no request, warns once each way (fallback, recovered), and goes back to Redis', async () => {
    const warnings = warningLog()
    const store = createRedisStore({
      redis,
      onRedisError: 'fallback',
      onWarning: warnings.onWarning,
      retryIntervalMs: 50,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
    })
    const run = traffic(store)
    await run.settled(40)
    expect(warnings.kinds()).toEqual([])
    await server.stop()
    await warnings.seen('fallback')
    // The in-process limiter serves them while Redis is down.
    await run.settled(40)
    await server.restart()
    await warnings.seen('recovered')
    await run.settled(40)
    const results = await run.stop()
    expect(rejections(results)).toEqual([])
    expect(warnings.kinds()).toEqual(['fallback', 'recovered'])
    // Back on Redis: a new slot is written there.
    const slot = await store.acquire('after', budget)
    expect(await redis.zCard('perpkit:rate-limit:{after}:inflight')).toBe(1)
    slot.release()
  })

  it('fail-closed: calls refused while Redis is down are retried, and none is lost once Redis is back', async () => {
    const watch = refusalWatch(createRedisStore({ redis, commandTimeoutMs: COMMAND_TIMEOUT_MS }))
    // Retries enough to outlast the outage and the client's reconnection backoff.
    const run = traffic(watch.store, { maxRetries: 100, baseDelayMs: 20, maxDelayMs: 200 })
    await run.settled(40)
    expect(watch.refused).toEqual([])
    await server.stop()
    await watch.first
    await server.restart()
    await run.settled(40)
    const results = await run.stop()
    expect(rejections(results)).toEqual([])
    expect(watch.refused[0]).toBeInstanceOf(RedisLimiterError)
  })

  it('fail-closed: with Redis gone, a call fails at once with a retryable RedisLimiterError naming the key', async () => {
    const store = createRedisStore({ redis })
    // node-redis says so once it saw the socket close (and is no longer ready).
    const noticed = new Promise((resolve) => redis.once('error', resolve))
    await server.stop()
    await noticed
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
