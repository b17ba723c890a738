/**
 * Planning on the fixed window grid, with real processes: a real
 * redis-server, a sandbox (no rate limit: these tests are about what is
 * fetched, not how fast), and a worker process. Re-planning never refetches
 * a stored window; `--rerun-failed` runs failed jobs only; completed jobs
 * expire while the coverage record keeps re-planning exact; `status` measures
 * the tree against the plan.
 */
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { createClient as createRedisClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { cli, exited, jsonLines, tempDir } from './helpers.ts'
import {
  killWorkers,
  openFleet,
  pollUntil,
  referenceCandles,
  spawnWorker,
  treeCandles,
  type WorkerProcess,
} from './queue-helpers.ts'

const tmp = tempDir()
let redis: RedisServer
let sandbox: Sandbox
/** The sandbox's clock: real time unless a test pins it. */
let pinned: number | undefined

beforeAll(async () => {
  redis = await startRedis()
  sandbox = await startSandbox({
    seed: 11,
    quiet: true,
    rateLimit: false,
    now: () => pinned ?? Date.now(),
  })
})
afterAll(async () => {
  killWorkers()
  await sandbox?.close()
  await redis?.close()
  tmp.cleanup()
})

type Plan = {
  windows: number
  stored: number
  jobs: number
  added: number
  existing: number
  retried: number
}

async function plan(queue: string, args: string[], now?: number): Promise<Plan> {
  const { code, out, err } = await cli(
    ['plan', '--redis', redis.url, '--queue', queue, ...args],
    now === undefined ? {} : { now: () => now },
  )
  expect(err).toBe('')
  expect(code).toBe(0)
  return jsonLines(out)[0] as Plan
}

const worker = (queue: string, out: string): WorkerProcess =>
  spawnWorker([
    ...['--redis', redis.url, '--queue', queue, '--egress', 'office'],
    ...['--local-address', '127.0.0.2', '--out', out, '--base-url', sandbox.url],
    // A long lock: on a loaded machine a short one can lapse under a busy worker, and a job
    // that runs twice would be fetched twice (these tests count what is fetched).
    ...['--lock-ms', '30000'],
  ])

type Event = Record<string, unknown>
const completed = (w: WorkerProcess, since = 0) =>
  w.events.slice(since).filter((e) => e.event === 'completed')

/** Waits until `w` has completed `n` jobs since event `since`; returns the candles they stored. */
async function candlesOf(w: WorkerProcess, n: number, since: number): Promise<number> {
  if (n > 0) {
    let seen = 0
    await w.until((e) => w.events.indexOf(e) >= since && e.event === 'completed' && ++seen >= n)
  }
  return completed(w, since).reduce((sum, e) => sum + Number(e.candles ?? 0), 0)
}

async function stop(w: WorkerProcess) {
  w.child.kill('SIGTERM')
  expect(await exited(w.child)).toBe(0)
}

const iso = (ms: number) => new Date(ms).toISOString()

describe('re-planning on fixed UTC windows', () => {
  it('five re-plans of moving ranges fetch each candle once: the tree holds no duplicate and equals the sandbox over the windows touched', async () => {
    const queue = 'moving'
    const out = join(tmp.dir, queue)
    const w = worker(queue, out)
    const ranges = [
      [Date.UTC(2026, 0, 5, 6), Date.UTC(2026, 0, 6, 12)],
      [Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 7)],
      [Date.UTC(2026, 0, 6, 13), Date.UTC(2026, 0, 8, 1)],
      [Date.UTC(2026, 0, 4, 23), Date.UTC(2026, 0, 6)],
      [Date.UTC(2026, 0, 7), Date.UTC(2026, 0, 8, 6)],
    ] as const
    let fetched = 0
    const plans: Plan[] = []
    for (const [from, to] of ranges) {
      const since = w.events.length
      const planned = await plan(queue, [
        ...['--symbols', 'BTCUSDT,ETHUSDT', '--steps', '1m,1h'],
        ...['--from', iso(from), '--to', iso(to)],
      ])
      plans.push(planned)
      fetched += await candlesOf(w, planned.added, since)
    }
    await stop(w)
    // Each plan adds only the windows no earlier plan stored.
    expect(plans.map((p) => p.added)).toEqual([12, 0, 12, 4, 0])
    expect(plans.every((p) => p.existing === 0)).toBe(true)
    const tree = await treeCandles(out)
    // The windows touched: 1m, Jan 4 to Jan 8 (whole days); 1h, the 20-day windows of Dec 18 to Jan 26.
    const expected = [
      ...(await referenceCandles(
        sandbox.url,
        ['BTCUSDT', 'ETHUSDT'],
        [1],
        Date.UTC(2026, 0, 4),
        Date.UTC(2026, 0, 9),
      )),
      ...(await referenceCandles(
        sandbox.url,
        ['BTCUSDT', 'ETHUSDT'],
        [60],
        Date.UTC(2025, 11, 18),
        Date.UTC(2026, 0, 27),
      )),
    ].sort()
    expect(tree).toEqual(expected)
    expect(fetched).toBe(expected.length)
    console.info(
      `moving ranges: ${plans.map((p) => `+${p.added}/${p.stored} stored`).join(', ')}; ${fetched} candles fetched, ${tree.length} in the tree`,
    )
  })

  it('plan --from yesterday from cron twice: the closed day is fetched once, the open day only from where the first run stopped', async () => {
    const queue = 'cron'
    const out = join(tmp.dir, queue)
    const w = worker(queue, out)
    const args = ['--symbols', 'BTCUSDT', '--steps', '1m', '--from', '2026-01-08']
    pinned = Date.UTC(2026, 0, 9, 10, 0, 30)
    let since = w.events.length
    const first = await plan(queue, args, pinned)
    // Per dataset: Jan 8 whole, and Jan 9 up to 09:59.
    expect(first).toMatchObject({ windows: 4, stored: 0, jobs: 4, added: 4 })
    expect(await candlesOf(w, 4, since)).toBe(2 * (1440 + 600))

    pinned = Date.UTC(2026, 0, 9, 10, 30, 30)
    since = w.events.length
    const second = await plan(queue, args, pinned)
    // Jan 8 is stored; Jan 9 goes on from 10:00.
    expect(second).toMatchObject({ windows: 4, stored: 2, jobs: 2, added: 2 })
    expect(await candlesOf(w, 2, since)).toBe(2 * 30)
    const ids = completed(w, since).map((e) => String(e.id))
    expect(ids.sort()).toEqual(
      ['kline', 'markprice-kline'].map(
        (d) =>
          `backfill.${d}.BTCUSDT.1.${Date.UTC(2026, 0, 9, 10)}.${Date.UTC(2026, 0, 9, 10, 29)}`,
      ),
    )
    // The same minute again: nothing left to fetch.
    expect(await plan(queue, args, pinned)).toMatchObject({ stored: 4, jobs: 0, added: 0 })
    await stop(w)
    pinned = undefined
    const tree = await treeCandles(out)
    expect(tree).toHaveLength(2 * (1440 + 630))
    expect(new Set(tree).size).toBe(tree.length)
  })
})

describe('plan --rerun-failed, and how attempts are logged', () => {
  it('logs a failed attempt that will be retried as a retry with its error, then re-runs the failed jobs only', async () => {
    const queue = 'rerun'
    const out = join(tmp.dir, queue)
    const args = [
      ...['--symbols', 'BTCUSDT', '--steps', '1h', '--from', '2026-01-05', '--to', '2026-01-08'],
      ...['--attempts', '2', '--backoff-ms', '100'],
    ]
    // Every kline request fails (the client's retries included); mark-price klines answer.
    sandbox.faults.add('/contract/public/kline', { kind: 'unavailable' }, 1_000_000)
    const w = worker(queue, out)
    const first = await plan(queue, args)
    expect(first).toMatchObject({ jobs: 4, added: 4 })
    const fleet = await openFleet(redis.url, queue)
    await pollUntil(
      () => fleet.counts('completed', 'failed'),
      (c) => c.completed === 2 && c.failed === 2,
      '2 completed and 2 failed jobs',
    )
    sandbox.faults.clear()
    const attempts = w.events.filter((e) => e.event === 'retry' || e.event === 'failed')
    expect(attempts.map((e) => [e.event, e.attempt, e.attempts]).sort()).toEqual([
      ['failed', 2, 2],
      ['failed', 2, 2],
      ['retry', 1, 2],
      ['retry', 1, 2],
    ])
    for (const e of attempts) {
      expect(String(e.id)).toMatch(/^backfill\.kline\./)
      expect(String(e.error)).toMatch(/\S/)
    }
    const done = new Map(completed(w).map((e) => [String(e.id), e]))

    const since = w.events.length
    const again = await plan(queue, [...args, '--rerun-failed'])
    expect(again).toMatchObject({ retried: 2, stored: 2, jobs: 2, added: 0, existing: 2 })
    await candlesOf(w, 2, since)
    await stop(w)
    const rerun = completed(w, since).map((e) => String(e.id))
    expect(rerun.every((id) => id.startsWith('backfill.kline.'))).toBe(true)
    // The completed mark-price jobs did not run again.
    for (const id of done.keys()) {
      expect(rerun).not.toContain(id)
      expect((await fleet.job(id))?.attemptsMade).toBe(1)
    }
    expect(await fleet.counts('completed', 'failed')).toMatchObject({ completed: 4, failed: 0 })
    await fleet.close()
  })
})

describe('completed jobs expire, the coverage record stays', () => {
  it('keeps Redis bounded across more than 100 completed jobs, and re-planning after expiry still skips every stored window', async () => {
    const queue = 'expiry'
    const out = join(tmp.dir, queue)
    const connection = await createRedisClient({ url: redis.url })
      .on('error', () => {})
      .connect()
    onTestFinished(() => connection.destroy())
    const keys = async (...patterns: string[]) => {
      let n = 0
      for (const pattern of patterns)
        for await (const batch of connection.scanIterator({ MATCH: pattern, COUNT: 1000 }))
          n += (batch as unknown as string[]).length
      return n
    }
    const batch = (from: string, to: string) => [
      ...['--symbols', 'BTCUSDT', '--steps', '1h', '--from', from, '--to', to],
      ...['--keep-completed', '5'],
    ]
    const w = worker(queue, out)
    const fleet = await openFleet(redis.url, queue)
    const sizes: number[] = []
    const memory: number[] = []
    let completedSoFar = 0
    for (const [from, to] of [
      ['2022-01-01', '2023-08-01'],
      ['2023-08-01', '2025-03-01'],
    ] as const) {
      const since = w.events.length
      const planned = await plan(queue, batch(from, to))
      expect(planned.added).toBeGreaterThanOrEqual(58)
      await candlesOf(w, planned.added, since)
      completedSoFar += planned.added
      const counts = await fleet.counts('completed')
      expect(counts.completed).toBeLessThanOrEqual(2 * 5)
      sizes.push(await keys(`bull:${queue}.*`, `perpkit:plan:${queue}:*`))
      // A job is a hash (and a few keys while it runs): five kept per queue.
      expect(await keys(`bull:${queue}.*:backfill.*`)).toBeLessThanOrEqual(2 * 5)
      const info = String(await connection.sendCommand(['INFO', 'memory']))
      memory.push(Number(/used_memory:(\d+)/.exec(info)?.[1]))
    }
    await stop(w)
    expect(completedSoFar).toBeGreaterThanOrEqual(116)
    // The second batch of jobs left no more keys than the first.
    expect(sizes[1]).toBe(sizes[0])
    // Every job of the first batch has expired; planning its range again adds nothing.
    const replanned = await plan(queue, batch('2022-01-01', '2023-08-01'))
    expect(replanned).toMatchObject({ jobs: 0, added: 0 })
    expect(replanned.stored).toBe(replanned.windows)
    await fleet.close()
    console.info(
      `expiry: ${completedSoFar} jobs completed; Redis keys of the queue after each batch: ${sizes.join(', ')}; used_memory ${memory.map((m) => `${(m / 1e6).toFixed(2)} MB`).join(', ')}`,
    )
  })
})

describe('status --out against the plan', () => {
  it('counts planned days missing at either end as holes (the tree alone says 0) and names them', async () => {
    const queue = 'holes'
    const out = join(tmp.dir, queue)
    const args = ['--symbols', 'BTCUSDT', '--steps', '1m', '--datasets', 'kline']
    const w = worker(queue, out)
    const stored = await plan(queue, [...args, '--from', '2026-01-12', '--to', '2026-01-15'])
    await candlesOf(w, stored.added, 0)
    await stop(w)
    // The plan grows to Jan 11 to Jan 16; no worker runs it (a disk that filled, jobs that failed).
    expect(
      await plan(queue, [...args, '--from', '2026-01-11', '--to', '2026-01-17']),
    ).toMatchObject({ windows: 6, stored: 3, added: 3 })
    const row = async (extra: string[]) => {
      const { code, out: text } = await cli(['status', '--out', out, ...extra])
      expect(code).toBe(0)
      return jsonLines(text).find((e: Event) => e.source === 'parquet' && e.dataset === 'kline')
    }
    expect(await row([])).toMatchObject({ rows: 3 * 1440, holes: 0 })
    expect(await row(['--redis', redis.url, '--queue', queue])).toMatchObject({
      rows: 3 * 1440,
      holes: 3 * 1440,
      missing: ['2026-01-11..2026-01-11', '2026-01-15..2026-01-16'],
    })
  })
})
