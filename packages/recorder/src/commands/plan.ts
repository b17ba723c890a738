/**
 * `plan`: cuts a backfill into jobs (dataset × symbol × step × chunk of
 * days) and adds them to the queue under ids derived from the job, so
 * planning again adds only what is new. Jobs retry with exponential backoff.
 *
 * @module
 */
import { alignToStep } from '@perpkit/schemas/lite'
import { Queue } from 'bullmq'
import { parseFlags, parsePositive, parseRange, parseSteps, parseSymbols } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { RecorderError } from '../errors.ts'
import {
  BACKFILL_DATASETS,
  type BackfillJob,
  jobId,
  planBackfillJobs,
} from '../many-machines/backfill-jobs.ts'
import { DEFAULT_RECORD_DATASETS, RECORD_DATASETS } from '../many-machines/record-jobs.ts'
import { connectRedis, parseQueueName, parseRedisUrl } from '../many-machines/redis.ts'
import { planRecord } from './plan-record.ts'

/** Help of `plan`. */
export const planHelp = `Usage: perpkit-recorder plan --redis <url> --symbols <a,b> --steps <1,60|1m,1h> --from <date|ms> [--to <date|ms>] [options]
       perpkit-recorder plan --redis <url> --record --symbols <a,b> [--datasets <list>] [--interval <s>]
       perpkit-recorder plan --redis <url> --record --stop [--symbols <a,b>] [--datasets <list>]

Adds backfill jobs to the queue: one per dataset × symbol × step × chunk of UTC days (a day by
default, or one request's 500 candles when that is longer). A job's id is made of what it
fetches, so running plan again adds only the jobs not planned before. Workers ('worker') run
them; failed attempts are retried with exponential backoff.

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
  --chunk-days <n>     Days per job, at least (default 1)
  --attempts <n>       Tries per job before it is failed (default 8)
  --backoff-ms <ms>    First retry delay, doubled each time (default 2000)
  --rerun              Run again jobs already completed or failed (e.g. after compact
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
  'chunk-days': { type: 'string' },
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
  const chunkDays = parsePositive('--chunk-days', values['chunk-days'], 1)
  if (!Number.isInteger(chunkDays)) throw new RecorderError('--chunk-days must be a whole number')
  const attempts = parsePositive('--attempts', values.attempts, 8)
  const backoffMs = parsePositive('--backoff-ms', values['backoff-ms'], 2_000)
  const name = parseQueueName(values.queue)
  // Only closed candles: the one still open would change after it is stored.
  const to = Math.min(range.to, alignToStep(now, 1) - 1)
  const jobs = planBackfillJobs({ datasets, symbols, steps, from: range.from, to, chunkDays })

  const redis = await connectRedis(target)
  const queue = new Queue(name, { connection: redis })
  try {
    let rerun = 0
    if (values.rerun)
      for (const job of jobs) {
        const state = await queue.getJobState(jobId(job))
        if (state === 'completed' || state === 'failed') rerun += await queue.remove(jobId(job))
      }
    const before = await totalJobs(queue)
    for (let i = 0; i < jobs.length; i += BATCH)
      await queue.addBulk(
        jobs.slice(i, i + BATCH).map((job) => ({
          name: job.kind,
          data: job,
          opts: {
            jobId: jobId(job),
            attempts,
            backoff: { type: 'exponential', delay: backoffMs },
          },
        })),
      )
    const added = (await totalJobs(queue)) - before
    const existing = jobs.length - added
    const summary = { event: 'planned', queue: name, jobs: jobs.length, added, existing, rerun }
    ctx.stdout.write(
      ctx.stdout.isTTY
        ? `planned ${jobs.length} jobs on ${name}: ${added} added (${rerun} to run again), ${existing} already planned\n`
        : `${JSON.stringify(summary)}\n`,
    )
    return 0
  } finally {
    await queue.close()
    redis.destroy()
  }
}

/** Jobs in every state: adding an id the queue holds does not change it. */
async function totalJobs(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts()
  return Object.values(counts).reduce((sum, n) => sum + n, 0)
}
