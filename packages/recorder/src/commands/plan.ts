/**
 * `plan`: cuts a backfill into jobs on the fixed grid of UTC windows
 * (`backfill-jobs.ts`), skips the windows the coverage record says are
 * stored, and adds the rest to their endpoint's queue under ids made of the
 * window part they fetch, so planning again adds only what is new. Jobs retry
 * with exponential backoff; ended jobs expire (the coverage record keeps what
 * they stored).
 *
 * @module
 */
import { stepMs } from '@perpkit/schemas/lite'
import { type Job, Queue } from 'bullmq'
import { parseFlags, parsePositive, parseRange, parseSteps, parseSymbols } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { RecorderError } from '../errors.ts'
import {
  BACKFILL_DATASETS,
  type BackfillJob,
  jobId,
  jobWindow,
  type PlannedWindow,
  parseJob,
  planWindows,
  windowJob,
} from '../many-machines/backfill-jobs.ts'
import { clearStored, markPlanned, readCoverage, WindowState } from '../many-machines/coverage.ts'
import { datasetQueue } from '../many-machines/queues.ts'
import { DEFAULT_RECORD_DATASETS, RECORD_DATASETS } from '../many-machines/record-jobs.ts'
import { connectRedis, parseQueueName, parseRedisUrl } from '../many-machines/redis.ts'
import { planRecord } from './plan-record.ts'

/** Help of `plan`. */
export const planHelp = `Usage: perpkit-recorder plan --redis <url> --symbols <a,b> --steps <1,60|1m,1h> --from <date|ms> [--to <date|ms>] [options]
       perpkit-recorder plan --redis <url> --record --symbols <a,b> [--datasets <list>] [--interval <s>]
       perpkit-recorder plan --redis <url> --record --stop [--symbols <a,b>] [--datasets <list>]

Adds backfill jobs to the queues (one per endpoint): one per dataset × symbol × step × fixed
UTC window (a day for 1m, otherwise as many whole days as one request's 500 candles fill,
counted from the epoch). A range plans the windows it touches, whole; the window still open
now is planned up to its last closed candle. Windows already stored are skipped (the queue
keeps a coverage record), and a job's id is made of the window part it fetches, so planning
any range again adds only what is new. Workers ('worker') run the jobs; failed attempts are
retried with exponential backoff; ended jobs expire.

With --record: one repeating job per symbol × dataset (a BullMQ job scheduler named
record.<dataset>.<symbol>), each run one poll of the series by whichever worker takes it.
Planning again updates the interval; --stop removes the schedulers (all record schedulers of
the queue when --symbols is omitted). Trades and settlements are deduplicated against the
series' last poll, kept in Redis; a full batch that does not reach it writes a gap row to
<dir>/gaps/.

Options:
  --redis <url>        Redis holding the queue (redis://host:port[/db])
  --symbols <a,b>      Contract symbols, comma-separated
  --steps <list>       Steps in minutes or aliases (1m, 5m, 1h, 4h, 1d, ...)
  --from <date|ms>     Range start: ISO date (2026-01-01) or epoch ms
  --to <date|ms>       Range end (default now); only closed candles are planned
  --datasets <list>    ${BACKFILL_DATASETS.join(',')} (default all); with --record:
                       ${RECORD_DATASETS.join(',')} (default ${DEFAULT_RECORD_DATASETS.join(',')})
  --record             Plan record schedulers instead of backfill jobs
  --interval <s>       With --record: seconds between polls of each series (default 5)
  --depth-levels <n>   With --record: book levels kept a side (default 20)
  --stop               With --record: remove the schedulers instead
  --attempts <n>       Tries per job before it is failed (default 8)
  --backoff-ms <ms>    First retry delay, doubled each time (default 2000)
  --keep-completed <n> Completed jobs kept for status, at most, each for at most a day
                       (default 1000); the coverage record keeps what they stored
  --rerun-failed       Also run again the range's failed jobs (never completed ones)
  --rerun              Fetch the range's windows again even if stored (e.g. after compact
                       quarantined a file); jobs waiting or in flight are left alone
  --queue <name>       Queue name (default perpkit-recorder)
  -h, --help           This help`

const flags = {
  help: { type: 'boolean', short: 'h', default: false },
  redis: { type: 'string' },
  symbols: { type: 'string' },
  steps: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  datasets: { type: 'string' },
  'keep-completed': { type: 'string' },
  'rerun-failed': { type: 'boolean', default: false },
  attempts: { type: 'string' },
  'backoff-ms': { type: 'string' },
  queue: { type: 'string' },
  rerun: { type: 'boolean', default: false },
  record: { type: 'boolean', default: false },
  stop: { type: 'boolean', default: false },
  interval: { type: 'string' },
  'depth-levels': { type: 'string' },
} as const

function pickDatasets(value: string | undefined): BackfillJob['dataset'][] {
  if (value === undefined) return [...BACKFILL_DATASETS]
  return value.split(',').map((raw) => {
    const name = raw.trim()
    if (!BACKFILL_DATASETS.includes(name))
      throw new RecorderError(
        `--datasets: unknown ${JSON.stringify(name)}; use ${BACKFILL_DATASETS.join(', ')}`,
      )
    return name
  })
}

/** Jobs added per round trip. */
const BATCH = 500
/** How long ended jobs are kept, at most: completed a day, failed a week. */
const COMPLETED_AGE_S = 86_400
const FAILED_AGE_S = 7 * 86_400

/**
 * Runs `plan`.
 *
 * @param argv - Its arguments.
 * @param ctx - Output, clock.
 * @returns The exit code.
 */
export async function runPlan(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${planHelp}\n`)
    return 0
  }
  const target = parseRedisUrl(values.redis)
  if (values.record) return planRecord(values, target, parseQueueName(values.queue), ctx)
  if (values.stop) throw new RecorderError('--stop removes record schedulers: use it with --record')
  const symbols = parseSymbols(values.symbols)
  const steps = parseSteps(values.steps)
  const now = ctx.now()
  const range = parseRange(values.from, values.to, now)
  const datasets = pickDatasets(values.datasets)
  const attempts = parsePositive('--attempts', values.attempts, 8)
  const backoffMs = parsePositive('--backoff-ms', values['backoff-ms'], 2_000)
  const keep = parsePositive('--keep-completed', values['keep-completed'], 1000, 0)
  const name = parseQueueName(values.queue)
  const windows = planWindows({ datasets, symbols, steps, from: range.from, to: range.to, now })

  const redis = await connectRedis(target)
  const queues = new Map(
    datasets.map((d) => [d, new Queue(datasetQueue(name, d), { connection: redis })]),
  )
  const queueOf = (job: BackfillJob) => queues.get(job.dataset) as Queue
  try {
    let rerun = 0
    if (values.rerun) {
      await clearStored(redis, name, windows)
      for (const job of windows.map((w) => windowJob(w))) {
        const state = await queueOf(job).getJobState(jobId(job))
        if (state === 'completed' || state === 'failed')
          rerun += await queueOf(job).remove(jobId(job))
      }
    }
    const coverage = await readCoverage(redis, name, windows)
    const jobs: BackfillJob[] = []
    let stored = 0
    windows.forEach((window, i) => {
      const { state, doneUpTo } = coverage[i] as (typeof coverage)[number]
      const from = doneUpTo === undefined ? window.start : doneUpTo + stepMs(window.step)
      if (state >= WindowState.stored || from > window.until) stored++
      else jobs.push(windowJob(window, from))
    })
    // After the coverage was read: a retried job that completes at once is still counted as
    // queued, not as stored, so the summary is the state this plan found.
    const retried = values['rerun-failed'] ? await retryFailed(queues, windows) : 0
    const states = await Promise.all(jobs.map((job) => queueOf(job).getJobState(jobId(job))))
    const existing = states.filter((state) => state !== 'unknown').length
    for (const [dataset, queue] of queues) {
      const own = jobs.filter((job) => job.dataset === dataset)
      for (let i = 0; i < own.length; i += BATCH)
        await queue.addBulk(
          own.slice(i, i + BATCH).map((job) => ({
            name: job.kind,
            data: job,
            opts: {
              jobId: jobId(job),
              attempts,
              backoff: { type: 'exponential', delay: backoffMs },
              removeOnComplete: { age: COMPLETED_AGE_S, count: keep },
              removeOnFail: { age: FAILED_AGE_S, count: 10_000 },
            },
          })),
        )
    }
    await markPlanned(redis, name, windows)
    const added = jobs.length - existing
    const summary = {
      event: 'planned',
      queue: name,
      windows: windows.length,
      stored,
      jobs: jobs.length,
      added,
      existing,
      rerun,
      retried,
    }
    ctx.stdout.write(
      ctx.stdout.isTTY
        ? `planned ${windows.length} windows on ${name}: ${stored} stored, ${added} jobs added, ${existing} already queued (${rerun} to fetch again, ${retried} failed jobs retried)\n`
        : `${JSON.stringify(summary)}\n`,
    )
    return 0
  } finally {
    for (const queue of queues.values()) await queue.close()
    redis.destroy()
  }
}

/** Failed jobs read per page. */
const PAGE = 500

/**
 * Retries the failed jobs of the planned windows (and only failed ones).
 *
 * @param queues - The datasets' queues.
 * @param windows - The planned windows.
 * @returns How many were retried.
 */
async function retryFailed(
  queues: ReadonlyMap<string, Queue>,
  windows: readonly PlannedWindow[],
): Promise<number> {
  const planned = new Set(windows.map((w) => `${w.dataset}|${w.symbol}|${w.step}|${w.start}`))
  let retried = 0
  for (const queue of queues.values()) {
    const failed: Job[] = []
    for (let start = 0; ; start += PAGE) {
      const page = await queue.getFailed(start, start + PAGE - 1)
      failed.push(...page)
      if (page.length < PAGE) break
    }
    for (const job of failed) {
      let data: BackfillJob
      try {
        data = parseJob(job.data)
      } catch {
        continue
      }
      if (!planned.has(`${data.dataset}|${data.symbol}|${data.step}|${jobWindow(data)}`)) continue
      await job.retry('failed')
      retried++
    }
  }
  return retried
}
