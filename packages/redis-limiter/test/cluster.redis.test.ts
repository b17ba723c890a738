import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisCluster, startRedisCluster } from '@perpkit/test-kit'
import { createClient, createCluster } from 'redis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRedisReplayStore, createRedisStore } from '../src/index.ts'
import { runWorkers, timeWorkers } from './run-workers.ts'
import type { WorkerJob } from './worker.ts'

const DEPTH = '/contract/public/depth'
/** A fast budget (the live one is 12 per 2 s), so 1,000 calls take seconds. */
const budget = { limit: 25, windowMs: 100 }
let cluster: RedisCluster
let sandbox: Sandbox | undefined

/** The Redis key of the depth budget's log on the sandbox. */
const logKey = (url: string) => `perpkit:rate-limit:{${url} ${DEPTH}}:log`

/**
 * Waits, asking the master on `port` directly, until at least `count` slots of the budget
 * whose log is `key` are in flight: the moment their releases would go to a dead master.
 */
const inFlight = (key: string, count: number) => async (port: number) => {
  const master = await createClient({ url: `redis://127.0.0.1:${port}` })
    .on('error', () => {})
    .connect()
  try {
    const inflight = key.replace(/:log$/, ':inflight')
    while ((await master.zCard(inflight)) < count) await new Promise((r) => setTimeout(r, 1))
  } finally {
    master.destroy()
  }
}

const startLimitedSandbox = () =>
  startSandbox({ seed: 11, quiet: true, rateLimit: true, rateLimitBudgets: { [DEPTH]: budget } })

/**
 * A node unreachable for 2 s counts as failed, so a killed master's replica
 * takes over within about 3 s (the default 5 s would need runs three times as
 * long to show a ratio). Long enough that a node stalled by a loaded machine
 * is not failed over by mistake.
 */
const NODE_TIMEOUT_MS = 2000

beforeAll(async () => {
  cluster = await startRedisCluster({ nodeTimeoutMs: NODE_TIMEOUT_MS })
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

  it('the master holding the budget is killed (kill -9) mid-run: the run takes less than 1.5 times as long as the same run without the kill, with zero 429 and every call made once', async () => {
    /**
     * Calls that take 600 ms, as live calls can, and a budget of 30 per 200 ms: at any
     * moment about three quarters of the budget is in flight, so the kill always catches
     * slots whose release goes to the dead master. A run lasts about 27 s: long enough for
     * a ratio to tell Redis's own failover (about 5 s with a 2 s node timeout) from a budget
     * frozen for the slot lease (60 s).
     */
    const slow = { limit: 30, windowMs: 200 }
    const seen = { ok: 0, limited: 0, other: 0 }
    /** When the sandbox answered each depth request. */
    const stamps: number[] = []
    const onRequest: ((total: number) => void)[] = []
    const server = await startSandbox({
      seed: 11,
      quiet: true,
      rateLimit: true,
      rateLimitBudgets: { [DEPTH]: slow },
      log: (line) => {
        if (!line.startsWith(`GET ${DEPTH}`)) return
        const status = line.split(' ')[2]
        if (status === '200') seen.ok++
        else if (status === '429') seen.limited++
        else seen.other++
        stamps.push(performance.now())
        for (const wake of onRequest.splice(0)) wake(stamps.length)
      },
    })
    sandbox = server
    const requestsReach = (count: number) =>
      new Promise<void>((resolve) => {
        const check = (total: number) => (total >= count ? resolve() : onRequest.push(check))
        check(stamps.length)
      })
    const job: WorkerJob = {
      baseUrl: server.url,
      redisUrl: cluster.rootNodes[0]?.url as string,
      cluster: true,
      calls: 250,
      store: 'redis',
      budget: slow,
      // Fail-closed refuses calls while no master serves the budget: retries carry them over.
      retry: { maxRetries: 100, baseDelayMs: 50, maxDelayMs: 200 },
      commandTimeoutMs: 2000,
      // node-redis looks for the new master within 100 ms of a node's loss (5 s by default).
      topologyRefreshMs: 100,
      headers: { 'X-Sandbox-Fault': 'latency=600' },
    }
    const key = logKey(server.url)

    const baseline = await timeWorkers(4, job)
    expect(baseline.report).toEqual({ ok: 1000 })

    let killed: Promise<{ from: number; to: number }> | undefined
    const before = await cluster.masterOf(key)
    const withKill = await timeWorkers(4, job, () => {
      // A quarter into the run, at a moment when half the budget or more is in flight.
      killed = requestsReach(1000 + 250).then(() => cluster.kill(key, inFlight(key, 15)))
    })
    const { from, to } = await (killed as Promise<{ from: number; to: number }>)
    expect(from).toBe(before)
    expect(await cluster.masterOf(key)).toBe(to)
    expect(withKill.report).toEqual({ ok: 1000 })
    // Every call of both runs reached the sandbox once, and not one was refused.
    expect(seen).toEqual({ ok: 2000, limited: 0, other: 0 })
    const ratio = withKill.ms / baseline.ms
    // The longest the sandbox went without a request: the failover, as the budget lived it.
    let outage = 0
    for (let i = 1001; i < stamps.length; i++) {
      outage = Math.max(outage, (stamps[i] as number) - (stamps[i - 1] as number))
    }
    console.info(
      `kill -9 of the budget's master: ${Math.round(withKill.ms)} ms against ${Math.round(baseline.ms)} ms without (${ratio.toFixed(2)}x); no request for ${Math.round(outage)} ms`,
    )
    expect(ratio).toBeLessThan(1.5)
  }, 240_000)
})
