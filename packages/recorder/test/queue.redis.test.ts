/**
 * The recorder past one machine, with real processes: a real redis-server
 * (append-only, so a restart keeps the queue), a rate-limited sandbox that
 * counts budgets per client address, worker processes bound to 127.0.0.2 and
 * 127.0.0.3, one of them killed with -9, and a Redis restart mid-run.
 */
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli, exited, jsonLines, tempDir } from './helpers.ts'
import {
  filesPerPartition,
  killWorkers,
  openFleet,
  pollUntil,
  referenceCandles,
  spawnWorker,
  treeCandles,
  type WorkerProcess,
} from './queue-helpers.ts'

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT']
const FROM = Date.UTC(2026, 0, 5)
const TO = Date.UTC(2026, 0, 8)
/** The 1h windows (20 days from the epoch) the range touches, planned whole: Dec 18 to Jan 26. */
const HOURS_FROM = Date.UTC(2025, 11, 18)
const HOURS_TO = Date.UTC(2026, 0, 27)
const tmp = tempDir()
let redis: RedisServer
let sandbox: Sandbox
let reference: Sandbox
/** Statuses the rate-limited sandbox answered, counted. */
const statuses: Record<string, number> = {}
let expected: string[]

beforeAll(async () => {
  redis = await startRedis({ appendOnlyDir: tmp.dir })
  sandbox = await startSandbox({
    seed: 7,
    quiet: true,
    rateLimit: true,
    log: (line) => {
      const status = line.split(' ')[2] ?? '?'
      statuses[status] = (statuses[status] ?? 0) + 1
    },
  })
  // The same seed without a rate limit: the candles every run must end up with.
  reference = await startSandbox({ seed: 7, quiet: true, rateLimit: false })
  expected = [
    ...(await referenceCandles(reference.url, SYMBOLS, [1], FROM, TO)),
    ...(await referenceCandles(reference.url, SYMBOLS, [60], HOURS_FROM, HOURS_TO)),
  ].sort()
})
afterAll(async () => {
  killWorkers()
  await sandbox?.close()
  await reference?.close()
  await redis?.close()
  tmp.cleanup()
})

const plan = async (queue: string) => {
  const { code, out, err } = await cli([
    'plan',
    '--redis',
    redis.url,
    '--queue',
    queue,
    '--symbols',
    SYMBOLS.join(','),
    '--steps',
    '1m,1h',
    '--from',
    new Date(FROM).toISOString(),
    '--to',
    String(TO),
    '--backoff-ms',
    '200',
  ])
  expect(err).toBe('')
  expect(code).toBe(0)
  return jsonLines(out)[0] as { jobs: number; added: number; existing: number }
}

const worker = (queue: string, out: string, egress: string, address: string): WorkerProcess =>
  spawnWorker([
    '--redis',
    redis.url,
    '--queue',
    queue,
    '--egress',
    egress,
    '--local-address',
    address,
    '--out',
    out,
    '--base-url',
    sandbox.url,
    '--concurrency',
    '3',
    '--lock-ms',
    '4000',
  ])

/** Polls the queue until every planned job is completed; fails at once on a failed job. */
async function allCompleted(queueName: string, jobs: number) {
  const handle = await openFleet(redis.url, queueName)
  try {
    return await pollUntil(
      () => handle.counts('waiting', 'active', 'delayed', 'completed', 'failed'),
      (c) => {
        if ((c.failed ?? 0) > 0) throw new Error(`a job failed: ${JSON.stringify(c)}`)
        return c.completed === jobs
      },
      `${jobs} completed jobs on ${queueName}`,
    )
  } finally {
    await handle.close()
  }
}

async function stopWorkers(workers: WorkerProcess[]) {
  for (const w of workers)
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM')
  return Promise.all(workers.map((w) => exited(w.child)))
}

const rateLimited = () => (statuses['429'] ?? 0) + (statuses['418'] ?? 0)

describe('3 worker processes on 2 egress addresses, one killed with -9', () => {
  it('backfill 5 symbols × 2 steps × 3 days with no 429; after compaction every candle of the sandbox is there exactly once and every job is completed', async () => {
    const out = join(tmp.dir, 'kill')
    const queue = 'kill-test'
    const planned = await plan(queue)
    // 2 datasets × 5 symbols × (3 one-day 1m windows + the two 20-day 1h windows the days touch).
    expect(planned).toMatchObject({ jobs: 50, added: 50, existing: 0 })
    // Planning again adds nothing: the ids are the windows'.
    expect(await plan(queue)).toMatchObject({ jobs: 50, added: 0, existing: 50 })

    const victim = worker(queue, out, 'office', '127.0.0.2')
    const workers = [
      victim,
      worker(queue, out, 'office', '127.0.0.2'),
      worker(queue, out, 'lab', '127.0.0.3'),
    ]
    // Mid-run: the victim has finished one job and holds others.
    await victim.until((e) => e.event === 'completed')
    victim.child.kill('SIGKILL')
    expect(await exited(victim.child)).toBe('SIGKILL')
    const finished = new Set(victim.events.filter((e) => e.event === 'completed').map((e) => e.id))
    const held = victim.events
      .filter((e) => e.event === 'active' && !finished.has(e.id))
      .map((e) => String(e.id))
    expect(held.length).toBeGreaterThan(0)

    const counts = await allCompleted(queue, planned.jobs)
    expect(await stopWorkers(workers.slice(1))).toEqual([0, 0])
    expect(counts).toMatchObject({ completed: 50, failed: 0, waiting: 0, active: 0, delayed: 0 })
    expect(rateLimited()).toBe(0)

    // The jobs the victim held ran again elsewhere (BullMQ's stalled-job check).
    const handle = await openFleet(redis.url, queue)
    const victimName = victim.name()
    const takenOver: string[] = []
    for (const id of held) {
      const job = await handle.job(id)
      expect(await job?.getState()).toBe('completed')
      if (job?.processedBy !== victimName) takenOver.push(id)
    }
    await handle.close()
    expect(takenOver.length).toBeGreaterThan(0)
    const stalled = workers.flatMap((w) => w.events).filter((e) => e.event === 'stalled').length

    const before = await treeCandles(out)
    const compacted = await cli(['compact', '--out', out])
    expect(compacted.code).toBe(0)
    const summary = jsonLines(compacted.out).at(-1) as { duplicates: number; rowsOut: number }
    const after = await treeCandles(out)
    expect(after.length).toBe(expected.length)
    expect(after).toEqual(expected)
    expect(summary.rowsOut).toBe(expected.length)
    expect(before.length - after.length).toBe(summary.duplicates)
    expect(filesPerPartition(out).every((n) => n === 1)).toBe(true)
    console.info(
      `kill test: 50 jobs completed, 0 failed, 0 rate-limited responses of ${Object.values(statuses).reduce((a, b) => a + b, 0)}; ` +
        `victim held ${held.length} job(s), ${takenOver.length} re-run by another worker (${stalled} stalled event(s)); ` +
        `${before.length} candle rows before compaction, ${summary.duplicates} duplicate(s) removed, ${after.length} equal to the sandbox's`,
    )
  })
})

describe('a Redis restart mid-run (append-only persistence, same port)', () => {
  it('loses no job: every planned job completes and the compacted tree equals the sandbox candles', async () => {
    const out = join(tmp.dir, 'restart')
    const queue = 'restart-test'
    const planned = await plan(queue)
    const workers = [
      worker(queue, out, 'office', '127.0.0.2'),
      worker(queue, out, 'lab', '127.0.0.3'),
    ]
    await Promise.all(workers.map((w) => w.until((e) => e.event === 'completed')))
    const handle = await openFleet(redis.url, queue)
    const beforeRestart = await handle.counts('completed')
    await handle.close()
    expect(beforeRestart.completed).toBeLessThan(planned.jobs)
    await redis.restart()

    const counts = await allCompleted(queue, planned.jobs)
    expect(await stopWorkers(workers)).toEqual([0, 0])
    expect(counts).toMatchObject({ completed: planned.jobs, failed: 0 })
    // The workers were connected when Redis went away, and rode it out.
    const disconnections = workers
      .flatMap((w) => w.events)
      .filter((e) => e.event === 'error').length
    expect(disconnections).toBeGreaterThan(0)
    // The budgets survived too (append-only): still not one 429.
    expect(rateLimited()).toBe(0)
    expect((await cli(['compact', '--out', out])).code).toBe(0)
    expect(await treeCandles(out)).toEqual(expected)
    console.info(
      `restart test: Redis restarted after ${beforeRestart.completed} of ${planned.jobs} jobs (${disconnections} connection error(s) seen by workers); all ${planned.jobs} completed, 0 rate-limited, tree equal to the sandbox's`,
    )
  })
})
