/**
 * Record jobs with real processes: a real redis-server, a sandbox on a clock
 * that runs with real time (and can jump, to force lost trades), two worker
 * processes on two source addresses polling trades and funding settlements
 * of two symbols through BullMQ job schedulers, one worker killed with -9.
 */
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { createClient } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonical, cli, exited, jsonLines, rowKey, tempDir } from './helpers.ts'
import { killWorkers, openFleet, spawnWorker, type WorkerProcess } from './queue-helpers.ts'
import { referenceTrades } from './reference-trades.ts'

const SYMBOLS = ['BTCUSDT', 'ETHUSDT']
/** 03:00 UTC: funding settles at 00:00, 08:00, 16:00, so the jump below crosses none. */
const BASE = Date.UTC(2026, 0, 10, 3)
/** The sandbox clock's jump: 10 minutes of trades (about 1,200) no poll sees. */
const JUMP = 600_000
const QUEUE = 'record-test'
const tmp = tempDir()
let redis: RedisServer
let sandbox: Sandbox
let reference: Sandbox
let referenceNow = BASE
const started = Date.now()
let offset = 0
const sandboxNow = () => BASE + (Date.now() - started) + offset

beforeAll(async () => {
  redis = await startRedis()
  sandbox = await startSandbox({ seed: 5, quiet: true, rateLimit: false, now: sandboxNow })
  // The same seed on a clock the test sets: what the recorded tree must equal.
  reference = await startSandbox({
    seed: 5,
    quiet: true,
    rateLimit: false,
    now: () => referenceNow,
  })
})
afterAll(async () => {
  killWorkers()
  await sandbox?.close()
  await reference?.close()
  await redis?.close()
  tmp.cleanup()
})

const plan = async (extra: string[]) => {
  const { code, out, err } = await cli([
    'plan',
    '--redis',
    redis.url,
    '--queue',
    QUEUE,
    '--record',
    ...extra,
  ])
  expect(err).toBe('')
  expect(code).toBe(0)
  return jsonLines(out)[0] as Record<string, unknown>
}

const worker = (out: string, egress: string, address: string): WorkerProcess =>
  spawnWorker([
    ...['--redis', redis.url, '--queue', QUEUE, '--egress', egress, '--local-address', address],
    ...['--out', out, '--base-url', sandbox.url, '--concurrency', '2', '--lock-ms', '3000'],
  ])

type Event = Record<string, unknown>
const polled =
  (dataset: string, symbol: string, test: (e: Event) => boolean = () => true) =>
  (e: Event) =>
    e.event === 'completed' &&
    e.dataset === dataset &&
    e.symbol === symbol &&
    e.skipped === false &&
    test(e)

/** Waits until `w` has run `n` more polls of every series of `dataset` than it had at `since`. */
async function morePolls(w: WorkerProcess, dataset: string, n: number, since = w.events.length) {
  for (const symbol of SYMBOLS) {
    let seen = 0
    await w.until((e) => w.events.indexOf(e) >= since && polled(dataset, symbol)(e) && ++seen >= n)
  }
}

async function readTree(out: string, dataset: string, columns: string): Promise<Event[]> {
  const instance = await DuckDBInstance.create(':memory:')
  try {
    const conn = await instance.connect()
    const rows = await conn.runAndReadAll(
      `SELECT symbol, ${columns} FROM read_parquet('${join(out, dataset, '*', '*', '*.parquet')}', hive_partitioning = true) ORDER BY ALL`,
    )
    conn.closeSync()
    return rows.getRowObjectsJson() as Event[]
  } finally {
    instance.closeSync()
  }
}

describe('record jobs: 2 worker processes, 2 symbols × trades and settlements, one worker killed with -9', () => {
  it('after compaction trades equal the sandbox on both sides of the one forced gap, settlements are each stored once, and gap rows exist only for the clock jump', async () => {
    const out = join(tmp.dir, 'tree')
    const args = ['--symbols', SYMBOLS.join(','), '--datasets', 'market-trade,funding-rate-history']
    expect(await plan([...args, '--interval', '2'])).toMatchObject({
      schedulers: 4,
      added: 4,
      updated: 0,
    })
    // Planning again updates the schedules (the ids are the series'), it adds none.
    expect(await plan([...args, '--interval', '1'])).toMatchObject({
      schedulers: 4,
      added: 0,
      updated: 4,
      everyMs: 1000,
    })
    const handle = await openFleet(redis.url, QUEUE, 'record')
    const schedulers = async () => {
      let n = 0
      for (const queue of handle.queues.values()) n += await queue.getJobSchedulersCount()
      return n
    }
    expect(await schedulers()).toBe(4)

    const victim = worker(out, 'office', '127.0.0.2')
    const survivor = worker(out, 'lab', '127.0.0.3')
    // Both workers poll; the victim dies after a few polls of its own.
    await Promise.all([victim, survivor].map((w) => w.until(polled('market-trade', 'BTCUSDT'))))
    await morePolls(victim, 'market-trade', 1)
    victim.child.kill('SIGKILL')
    expect(await exited(victim.child)).toBe('SIGKILL')

    // Polls go on without it (its series locks lapse after --lock-ms).
    await morePolls(survivor, 'market-trade', 3)
    await morePolls(survivor, 'funding-rate-history', 2)
    // Every series is polled by the survivor alone now; then 10 minutes pass unseen.
    const beforeJump = sandboxNow()
    offset += JUMP
    for (const symbol of SYMBOLS)
      await survivor.until(polled('market-trade', symbol, (e) => e.gap !== null))
    await morePolls(survivor, 'market-trade', 3)
    await morePolls(survivor, 'funding-rate-history', 1)

    expect(await plan(['--stop'])).toMatchObject({ schedulers: 4 })
    expect(await schedulers()).toBe(0)
    await handle.close()
    survivor.child.kill('SIGTERM')
    expect(await exited(survivor.child)).toBe(0)
    const failed = [...victim.events, ...survivor.events].filter((e) => e.event === 'failed')
    expect(failed).toEqual([])

    const rawTrades = await readTree(out, 'market-trade', 'count(*) OVER () AS n')
    const compacted = await cli(['compact', '--out', out])
    expect(compacted.code).toBe(0)

    // Gap rows: one per symbol, for the jump, and none for settlements.
    const gaps = await readTree(
      out,
      'gaps',
      'dataset, epoch_ms(from_time) AS f, epoch_ms(to_time) AS t',
    )
    expect(gaps.map((g) => [g.symbol, g.dataset])).toEqual(SYMBOLS.map((s) => [s, 'market-trade']))
    for (const g of gaps) {
      expect(Number(g.f)).toBeLessThanOrEqual(beforeJump)
      expect(Number(g.t)).toBeGreaterThanOrEqual(beforeJump + JUMP - 60_000)
    }

    // Trades: each once, equal to the sandbox's on both sides of the gap.
    let total = 0
    for (const symbol of SYMBOLS) {
      const rows = (
        await readTree(
          out,
          'market-trade',
          'epoch_ms(time) AS t, price::VARCHAR AS p, qty::VARCHAR AS q, quote_qty::VARCHAR AS v, is_buyer_maker AS m',
        )
      )
        .filter((r) => r.symbol === symbol)
        .map((r) => rowKey([r.t, r.p, r.q, r.v, r.m]))
        .sort()
      total += rows.length
      const gap = gaps.find((g) => g.symbol === symbol) as Event
      const times = rows.map((r) => Number(r.split('|')[0]))
      const [first, last] = [Math.min(...times), Math.max(...times)]
      const within = (a: number, b: number) =>
        rows.filter((r) => Number(r.split('|')[0]) >= a && Number(r.split('|')[0]) <= b)
      const setNow = (ms: number) => {
        referenceNow = ms
      }
      const before = [first + 1000, Number(gap.f) - 1000] as const
      const after = [Number(gap.t) + 1000, last - 1000] as const
      expect(before[1] - before[0]).toBeGreaterThan(3_000)
      expect(after[1] - after[0]).toBeGreaterThan(1_000)
      expect(within(...before)).toEqual(
        await referenceTrades(reference.url, setNow, symbol, ...before),
      )
      expect(within(...after)).toEqual(
        await referenceTrades(reference.url, setNow, symbol, ...after),
      )
      // Nothing stored inside the gap.
      expect(within(Number(gap.f) + 1, Number(gap.t) - 1)).toEqual([])
    }

    // Settlements: the sandbox's newest 100, each once.
    referenceNow = sandboxNow()
    const client = createClient({ baseUrl: reference.url, rateLimit: false })
    const settlements = await readTree(
      out,
      'funding-rate-history',
      'epoch_ms(funding_time) AS t, funding_rate::VARCHAR AS r',
    )
    for (const symbol of SYMBOLS) {
      const served = await client.getFundingRateHistory({ symbol, limit: 100 })
      expect(
        settlements
          .filter((s) => s.symbol === symbol)
          .map((s) => `${s.t}|${canonical(String(s.r))}`),
      ).toEqual(served.map((s) => `${s.fundingTime}|${canonical(s.fundingRate)}`).reverse())
    }
    const polls = [...victim.events, ...survivor.events].filter((e) => e.event === 'completed')
    console.info(
      `record jobs: ${polls.length} polls (${polls.filter((e) => e.skipped).length} skipped on a held lock), ` +
        `victim ran ${victim.events.filter((e) => e.event === 'completed').length} before -9; ` +
        `${rawTrades[0]?.n ?? 0} trade rows before compaction, ${total} after; ${gaps.length} gap rows (forced)`,
    )
  })
})
