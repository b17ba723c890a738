import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { createClient, type RedisClientType } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisStore } from '../src/index.ts'
import { ACQUIRE } from '../src/scripts.ts'

let server: RedisServer
let redis: RedisClientType
/** A second connection: another process's view of the same Redis. */
let other: RedisClientType

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** A key per test, so tests share no state. */
let counter = 0
const freshKey = () => `http://127.0.0.1:1 /test/${++counter}`
/**
 * Starts `acquire` and resolves once Redis has run its ACQUIRE script for
 * `key` and the answer has reached the store, so that "not granted" after this
 * means Redis said wait, not that the request had not been sent yet (which a
 * fixed sleep cannot tell on a loaded machine). MONITOR shows the script as
 * Redis runs it; a PING on the same connection answers after it.
 */
async function acquireAnswered<T>(
  connection: RedisClientType,
  key: string,
  acquire: () => Promise<T>,
): Promise<{ pending: Promise<T> }> {
  const monitor = await connection.duplicate().connect()
  let seen!: () => void
  const ran = new Promise<void>((resolve) => {
    seen = resolve
  })
  await monitor.monitor((line) => {
    if (line.includes(ACQUIRE.sha) && line.includes(`{${key}}`)) seen()
  })
  const pending = acquire()
  await ran
  await connection.ping()
  await new Promise((resolve) => setImmediate(resolve))
  monitor.destroy()
  // Wrapped: an async function returning the promise itself would wait for it.
  return { pending }
}

/**
 * Starts an acquire that must still be waiting once Redis has answered it;
 * `stop()` aborts it and checks it rejected with the abort's reason.
 */
async function expectStillWaiting(
  store: ReturnType<typeof createRedisStore>,
  connection: RedisClientType,
  key: string,
  budget: { limit: number; windowMs: number },
): Promise<{ stop(): Promise<void> }> {
  const controller = new AbortController()
  let granted = false
  const { pending: waiting } = await acquireAnswered(connection, key, () =>
    store.acquire(key, budget, controller.signal).then(() => {
      granted = true
    }),
  )
  expect(granted).toBe(false)
  return {
    stop: async () => {
      controller.abort(new Error('stop'))
      await expect(waiting).rejects.toThrow('stop')
    },
  }
}

/** `block` and `observe` do not wait for Redis: wait until the block key is written. */
async function blockWritten(key: string): Promise<void> {
  while ((await redis.exists(`perpkit:rate-limit:{${key}}:block`)) === 0) await sleep(2)
}

beforeAll(async () => {
  server = await startRedis()
  redis = await createClient({ url: server.url })
    .on('error', () => {})
    .connect()
  other = await createClient({ url: server.url })
    .on('error', () => {})
    .connect()
})
afterAll(async () => {
  await redis?.close()
  await other?.close()
  await server?.close()
})

describe('createRedisStore', () => {
  it('serves the waiters of one process first in, first out', async () => {
    const store = createRedisStore({ redis })
    const key = freshKey()
    const budget = { limit: 1, windowMs: 20 }
    const order: number[] = []
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.acquire(key, budget).then((slot) => {
          order.push(i)
          slot.release()
        }),
      ),
    )
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })

  it('counts slots of every process against one budget, in flight and after release', async () => {
    const a = createRedisStore({ redis })
    const b = createRedisStore({ redis: other })
    const key = freshKey()
    const budget = { limit: 2, windowMs: 60_000 }
    const first = await a.acquire(key, budget)
    const second = await b.acquire(key, budget)
    first.release()
    // One in flight, one released: the window is full, so Redis says wait.
    const waiting = await expectStillWaiting(b, other, key, budget)
    await waiting.stop()
    second.release()
  })

  it('keeps two endpoints’ budgets apart', async () => {
    const store = createRedisStore({ redis })
    const depth = freshKey()
    const trades = freshKey()
    const budget = { limit: 1, windowMs: 60_000 }
    const held = await store.acquire(depth, budget)
    const controller = new AbortController()
    const depthWaits = store.acquire(depth, budget, controller.signal)
    // The other endpoint's slot comes at once while depth's window is full.
    const other = await store.acquire(trades, budget)
    other.release()
    controller.abort(new Error('done'))
    await expect(depthWaits).rejects.toThrow('done')
    held.release()
  })

  it('drops a waiter aborted mid-queue, rejects it with the reason, and serves the rest in order', async () => {
    const store = createRedisStore({ redis })
    const key = freshKey()
    const budget = { limit: 1, windowMs: 30 }
    const held = await store.acquire(key, budget)
    const controllers = [0, 1, 2].map(() => new AbortController())
    const order: number[] = []
    const waits = controllers.map((controller, i) =>
      store.acquire(key, budget, controller.signal).then((slot) => {
        order.push(i)
        slot.release()
      }),
    )
    controllers[1]?.abort(new Error('not needed'))
    held.release()
    const results = await Promise.allSettled(waits)
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('not needed'))
    expect(order).toEqual([0, 2])
    const keys = await redis.keys(`perpkit:rate-limit:{${key}}:*`)
    const inflight = keys.find((k) => k.endsWith(':inflight'))
    expect(inflight === undefined ? 0 : await redis.zCard(inflight)).toBe(0)
  })

  it('holds every process back after one of them saw a 429 (a shared block key)', async () => {
    const a = createRedisStore({ redis })
    const b = createRedisStore({ redis: other })
    const key = freshKey()
    const budget = { limit: 10, windowMs: 100 }
    a.block(key, budget, 60_000)
    await blockWritten(key)
    const waiting = await expectStillWaiting(b, other, key, budget)
    const ttl = await redis.pTTL(`perpkit:rate-limit:{${key}}:block`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
    await waiting.stop()
  })

  it('follows the headers: a used-up window reported to one process holds the others back', async () => {
    const a = createRedisStore({ redis })
    const b = createRedisStore({ redis: other })
    const key = freshKey()
    const budget = { limit: 10, windowMs: 60_000 }
    a.observe(key, budget, { limit: 10, used: 10, remaining: 0, windowMs: 60_000, mode: 'IP' })
    await blockWritten(key)
    const waiting = await expectStillWaiting(b, other, key, budget)
    await waiting.stop()
  })

  it('follows a lower limit the server reports', async () => {
    const store = createRedisStore({ redis })
    const key = freshKey()
    const budget = { limit: 10, windowMs: 60_000 }
    store.observe(key, budget, { limit: 1, used: 0, remaining: 1, windowMs: 60_000, mode: 'IP' })
    const held = await store.acquire(key, budget)
    const waiting = await expectStillWaiting(store, redis, key, budget)
    await waiting.stop()
    held.release()
  })

  it('follows the latest limit: one odd header lowers the budget only until the next response', async () => {
    const store = createRedisStore({ redis })
    const key = freshKey()
    const budget = { limit: 10, windowMs: 60_000 }
    const report = (limit: number) => ({
      limit,
      used: 0,
      remaining: limit,
      windowMs: 60_000,
      mode: 'IP',
    })
    store.observe(key, budget, report(1))
    store.observe(key, budget, report(10))
    // Back to the budget's 10: the second slot of the window is granted at once.
    const held = await Promise.all([store.acquire(key, budget), store.acquire(key, budget)])
    // Never above the budget, whatever the server says.
    store.observe(key, budget, report(1_000))
    held.push(...(await Promise.all(Array.from({ length: 8 }, () => store.acquire(key, budget)))))
    const waiting = await expectStillWaiting(store, redis, key, budget)
    await waiting.stop()
    for (const slot of held) slot.release()
  })

  it('sets an expiry on every key it writes, and leaves no key once the window has passed', async () => {
    const store = createRedisStore({ redis, slotLeaseMs: 5_000 })
    const key = freshKey()
    const budget = { limit: 5, windowMs: 200 }
    const slots = await Promise.all([0, 1, 2].map(() => store.acquire(key, budget)))
    const inflight = `perpkit:rate-limit:{${key}}:inflight`
    const log = `perpkit:rate-limit:{${key}}:log`
    expect(await redis.pTTL(inflight)).toBeGreaterThan(0)
    expect(await redis.pTTL(inflight)).toBeLessThanOrEqual(5_000)
    for (const slot of slots) slot.release()
    // The releases are sent without waiting for Redis: wait until they have run.
    while ((await redis.zCard(inflight)) > 0) await sleep(2)
    expect(await redis.pTTL(log)).toBeGreaterThan(0)
    expect(await redis.pTTL(log)).toBeLessThanOrEqual(200)
    // The log expires on Redis's clock once its window has passed.
    await expect.poll(() => redis.exists(log), { timeout: 5_000, interval: 20 }).toBe(0)
    expect(await redis.zCard(inflight)).toBe(0)
  })

  it('refuses a window that is not whole milliseconds (the one budget rule of @perpkit/schemas), and rounds a fractional lease up', async () => {
    const store = createRedisStore({ redis, slotLeaseMs: 5_000.5 })
    const key = freshKey()
    await expect(store.acquire(key, { limit: 5, windowMs: 200.5 })).rejects.toThrow(
      'budget.windowMs must be an integer from 1 to 86400000, got 200.5',
    )
    const slot = await store.acquire(key, { limit: 5, windowMs: 200 })
    const inflight = `perpkit:rate-limit:{${key}}:inflight`
    const log = `perpkit:rate-limit:{${key}}:log`
    expect(await redis.pTTL(inflight)).toBeGreaterThan(0)
    expect(await redis.pTTL(inflight)).toBeLessThanOrEqual(5001)
    slot.release()
    while ((await redis.zCard(inflight)) > 0) await sleep(2)
    expect(await redis.zCard(log)).toBe(1)
    expect(await redis.pTTL(log)).toBeGreaterThan(0)
    expect(await redis.pTTL(log)).toBeLessThanOrEqual(200)
  })

  it('frees the slots of a process that died holding them when their lease ends', async () => {
    const dead = createRedisStore({ redis, slotLeaseMs: 150 })
    const alive = createRedisStore({ redis: other })
    const key = freshKey()
    const budget = { limit: 1, windowMs: 60_000 }
    await dead.acquire(key, budget) // never released
    const slot = await alive.acquire(key, budget) // granted once the lease has ended
    slot.release()
    expect(await redis.exists(`perpkit:rate-limit:{${key}}:block`)).toBe(0)
  })

  it('loads its scripts again after the server forgot them (SCRIPT FLUSH: EVALSHA answers NOSCRIPT)', async () => {
    const store = createRedisStore({ redis })
    const key = freshKey()
    const budget = { limit: 5, windowMs: 100 }
    ;(await store.acquire(key, budget)).release()
    await redis.scriptFlush()
    const slot = await store.acquire(key, budget)
    slot.release()
    expect(await redis.zCard(`perpkit:rate-limit:{${key}}:inflight`)).toBe(1)
  })
})
