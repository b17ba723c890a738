import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisCluster, startRedisCluster } from '@perpkit/test-kit'
import { createCluster } from 'redis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRedisReplayStore, createRedisStore } from '../src/index.ts'
import { runWorkers } from './run-workers.ts'

const DEPTH = '/contract/public/depth'
/** A fast budget (the live one is 12 per 2 s), so 1,000 calls take seconds. */
const budget = { limit: 25, windowMs: 100 }
let cluster: RedisCluster
let sandbox: Sandbox | undefined

/** The Redis key of the depth budget's log on the sandbox. */
const logKey = (url: string) => `perpkit:rate-limit:{${url} ${DEPTH}}:log`

const startLimitedSandbox = () =>
  startSandbox({ seed: 11, quiet: true, rateLimit: true, rateLimitBudgets: { [DEPTH]: budget } })

beforeAll(async () => {
  cluster = await startRedisCluster()
}, 120_000)
afterEach(async () => {
  await sandbox?.close()
  sandbox = undefined
})
afterAll(async () => {
  await cluster?.close()
})

describe('on a Redis Cluster of 3 masters and 3 replicas (createCluster)', () => {
  it('runs its scripts on the node serving the budget: a grant is written there, not refused by MOVED or CROSSSLOT', async () => {
    const redis = await createCluster({ rootNodes: cluster.rootNodes })
      .on('error', () => {})
      .connect()
    try {
      const store = createRedisStore({ redis })
      const key = 'http://127.0.0.1:1 /cluster/one'
      const slots = await Promise.all([1, 2, 3].map(() => store.acquire(key, budget)))
      for (const slot of slots) slot.release()
      const master = await cluster.masterOf(`perpkit:rate-limit:{${key}}:log`)
      // Releases do not wait for Redis: wait until the three are logged.
      while (
        (await cluster.command(master, 'ZCARD', `perpkit:rate-limit:{${key}}:log`)).trim() !== '3'
      ) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      expect(
        (await cluster.command(master, 'ZCARD', `perpkit:rate-limit:{${key}}:inflight`)).trim(),
      ).toBe('0')
    } finally {
      await redis.close()
    }
  })

  it('keeps a replay store on the cluster: many signatures, each on its own slot, accepted once', async () => {
    const redis = await createCluster({ rootNodes: cluster.rootNodes })
      .on('error', () => {})
      .connect()
    try {
      const replays = createRedisReplayStore({ redis })
      // Twenty signatures spread over the masters' slots: a plain-client
      // SET would meet MOVED on two nodes out of three.
      const signatures = Array.from({ length: 20 }, (_, i) => `signature-${i}`)
      const first = await Promise.all(signatures.map((s) => replays.setIfAbsent(s, 60_000)))
      const again = await Promise.all(signatures.map((s) => replays.setIfAbsent(s, 60_000)))
      expect(first.every(Boolean)).toBe(true)
      expect(again.some(Boolean)).toBe(false)
    } finally {
      await redis.close()
    }
  })

  it('4 processes x 250 calls share one budget: all 1,000 answered, not one 429', async () => {
    sandbox = await startLimitedSandbox()
    const report = await runWorkers(4, {
      baseUrl: sandbox.url,
      redisUrl: cluster.rootNodes[0]?.url as string,
      cluster: true,
      calls: 250,
      store: 'redis',
      budget,
    })
    expect(report).toEqual({ ok: 1000 })
  })

  it('the master holding the budget fails over to its replica mid-run: all 1,000 answered, not one 429', async () => {
    const server = await startLimitedSandbox()
    sandbox = server
    const key = logKey(server.url)
    const before = await cluster.masterOf(key)
    let finished = false
    const running = runWorkers(4, {
      baseUrl: server.url,
      redisUrl: cluster.rootNodes[0]?.url as string,
      cluster: true,
      calls: 250,
      store: 'redis',
      budget,
    }).finally(() => {
      finished = true
    })
    // Mid-run: once the budget's log holds released calls.
    while (Number(await cluster.command(before, 'ZCARD', key)) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const { from, to } = await cluster.failover(key)
    expect(finished).toBe(false)
    expect(from).toBe(before)
    expect(await cluster.masterOf(key)).toBe(to)
    expect(await running).toEqual({ ok: 1000 })
  })
})
