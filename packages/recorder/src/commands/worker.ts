/**
 * `worker`: takes backfill jobs from the BullMQ queue, fetches them through
 * its egress (a source address and the budget every process on that egress
 * shares in Redis), and writes Parquet files into the shared tree.
 *
 * @module
 */
import { hostname } from 'node:os'
import { type ClientOptions, isPerpkitError, isRetryableError } from '@perpkit/client'
import { checkRateLimitBudget, type RateLimitBudget } from '@perpkit/schemas/lite'
import { UnrecoverableError, Worker } from 'bullmq'
import { parseFlags, parsePositive } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { s3Flags, s3Help, treeLocation } from '../cli/tree-flags.ts'
import { RecorderError } from '../errors.ts'
import { type BackfillJob, parseJob } from '../many-machines/backfill-jobs.ts'
import { checkEgressName, checkLocalAddress, openEgress } from '../many-machines/egress.ts'
import { parseRecordJob, type RecordJob } from '../many-machines/record-jobs.ts'
import { connectRedis, parseQueueName, parseRedisUrl, type Redis } from '../many-machines/redis.ts'
import { runBackfillJob } from '../many-machines/run-backfill-job.ts'
import { type RecordPoll, runRecordJob } from '../many-machines/run-record-job.ts'
import { openTreeStore } from '../many-machines/tree-store.ts'
import { type CandleFiles, openTreeWriter } from '../many-machines/tree-writer.ts'
import { createProgress } from '../progress.ts'
import { openSource } from '../source.ts'

/** Help of `worker`. */
export const workerHelp = `Usage: perpkit-recorder worker --redis <url> --egress <name> --out <dir|s3://bucket/prefix> [options]

Takes backfill and record jobs from the queue (see 'plan') until stopped, and writes each
job's candles, or a record poll's new rows, as new Parquet files under
<dir>/<dataset>/symbol=<s>/date=<YYYY-MM-DD>/ (gap rows under <dir>/gaps/). Workers with the
same --egress share one rate budget in Redis; another egress name gets its own. Ctrl-C or
SIGTERM finishes the jobs in flight and exits 0; a worker killed outright gives its jobs back
to the queue after --lock-ms, and another worker runs them.

Options:
  --redis <url>          Redis holding the queue and the budgets (redis://host:port[/db])
  --egress <name>        Egress name: one budget per name (e.g. the public IP it leaves through)
  --out <dir|s3://...>   Shared Parquet tree: a directory (created when missing), or a bucket
                         and prefix of an S3-compatible store
  --local-address <ip>   Source address of the requests (default: the system's choice)
  --base-url <url>       API base URL (the client's default when omitted)
  --sandbox              Start an embedded sandbox and read from it
  --concurrency <n>      Jobs in flight at once (default 4)
  --queue <name>         Queue name (default perpkit-recorder)
  --lock-ms <ms>         Job lock: a dead worker's jobs run elsewhere after this (default 30000);
                         also the longest a record series stays locked by a poll
  --budget <n>/<ms>      Requests per window per candle endpoint, replacing the endpoint table's
                         (for a deployment with another limit)
${s3Help(25)}
  -h, --help             This help`

const flags = {
  help: { type: 'boolean', short: 'h', default: false },
  redis: { type: 'string' },
  egress: { type: 'string' },
  out: { type: 'string' },
  'local-address': { type: 'string' },
  'base-url': { type: 'string' },
  sandbox: { type: 'boolean', default: false },
  concurrency: { type: 'string' },
  queue: { type: 'string' },
  'lock-ms': { type: 'string' },
  budget: { type: 'string' },
  ...s3Flags,
} as const

type Budgets = NonNullable<Exclude<ClientOptions['rateLimit'], boolean>>['budgets']

/**
 * Parses `--budget <n>/<ms>` into budgets of both candle endpoints.
 *
 * @param value - The flag's value.
 * @returns The budgets, or undefined for the endpoint table's.
 */
function parseBudget(value: string | undefined): Budgets | undefined {
  if (value === undefined) return undefined
  const match = /^(\d+)\/(\d+)$/.exec(value)
  if (match === null)
    throw new RecorderError(
      `--budget must be <requests>/<ms> (e.g. 12/2000), got ${JSON.stringify(value)}`,
    )
  let budget: RateLimitBudget
  try {
    budget = checkRateLimitBudget(
      { limit: Number(match[1]), windowMs: Number(match[2]) },
      '--budget',
    )
  } catch (error) {
    throw new RecorderError((error as Error).message)
  }
  return { '/contract/public/kline': budget, '/contract/public/markprice-kline': budget }
}

/**
 * Runs `worker` until the signal aborts.
 *
 * @param argv - Its arguments.
 * @param ctx - Output, clock, signal.
 * @returns The exit code.
 */
export async function runWorker(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${workerHelp}\n`)
    return 0
  }
  const target = parseRedisUrl(values.redis)
  const egress = checkEgressName(values.egress)
  const tree = treeLocation(values)
  const concurrency = parsePositive('--concurrency', values.concurrency, 4)
  const queue = parseQueueName(values.queue)
  const lockMs = parsePositive('--lock-ms', values['lock-ms'], 30_000, 100)
  const budgets = parseBudget(values.budget)
  const localAddress = await checkLocalAddress(values['local-address'])
  if (!values.sandbox && values['base-url'] === undefined)
    throw new RecorderError('--base-url <url> or --sandbox is required')

  const redis = await connectRedis(target)
  const closers: (() => Promise<void> | void)[] = [() => redis.destroy()]
  try {
    const limiterRedis = (await connectRedis(target)) as Redis
    closers.push(() => limiterRedis.destroy())
    const route = openEgress(limiterRedis, egress, localAddress, budgets)
    closers.push(() => route.close())
    const source = await openSource(values, { ...ctx.clientOptions, ...route.clientOptions })
    closers.push(() => source.close())
    const store = await openTreeStore(tree)
    closers.push(() => store.close())
    const writer = await openTreeWriter(store, ctx.now)
    closers.push(() => writer.close())
    const deps = { client: source.client, writer, redis, queue, lockMs, now: ctx.now }
    return await work(
      ctx,
      { redis, queue, concurrency, lockMs, egress, localAddress },
      async (data): Promise<JobResult> => {
        let job: BackfillJob | RecordJob
        try {
          job =
            (data as { kind?: unknown } | null)?.kind === 'record'
              ? parseRecordJob(data)
              : parseJob(data)
        } catch (error) {
          throw new UnrecoverableError((error as Error).message)
        }
        try {
          if (job.kind === 'record') return await runRecordJob(job, deps)
          return await runBackfillJob(job, source.client, writer)
        } catch (error) {
          // An answer no retry can change (an unknown symbol, a bad step): fail the job now.
          if (isPerpkitError(error) && !isRetryableError(error))
            throw new UnrecoverableError(error.message)
          throw error
        }
      },
    )
  } finally {
    for (const close of closers.reverse()) await close()
  }
}

/** A backfill job's candles, or a record poll's rows. */
type JobResult = CandleFiles | RecordPoll

interface WorkOptions {
  redis: Redis
  queue: string
  concurrency: number
  lockMs: number
  egress: string
  localAddress: string | undefined
}

async function work(
  ctx: CommandContext,
  options: WorkOptions,
  process: (data: unknown) => Promise<JobResult>,
): Promise<number> {
  const name = `${options.egress}@${hostname()}:${globalThis.process.pid}`
  const worker = new Worker(options.queue, (job) => process(job.data), {
    connection: options.redis,
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
    // A job whose worker died goes back to the queue; only a job that keeps killing its
    // workers (or outlives its lock again and again) ends up failed.
    maxStalledCount: 5,
    name,
    autorun: false,
  })
  const progress = createProgress(ctx.stdout)
  let done = 0
  let candles = 0
  let rows = 0
  let lastError = ''
  worker.on('active', (job) =>
    progress.event({ event: 'active', id: job.id, worker: name }, `${name}: job ${job.id}`),
  )
  worker.on('completed', (job, result: JobResult) => {
    done++
    const record = 'rows' in result
    if (record) rows += result.rows
    else candles += result.candles
    progress.event(
      {
        event: 'completed',
        id: job.id,
        worker: name,
        ...(record
          ? {
              dataset: job.data?.dataset,
              symbol: job.data?.symbol,
              rows: result.rows,
              gap: result.gap ?? null,
              skipped: result.skipped,
            }
          : { candles: result.candles }),
        files: result.files.length,
      },
      `${name}: ${done} jobs, ${candles} candles, ${rows} recorded rows`,
    )
  })
  worker.on('failed', (job, error) =>
    progress.event(
      {
        event: 'failed',
        id: job?.id,
        worker: name,
        attempts: job?.attemptsMade,
        error: error.message,
      },
      `${name}: job ${job?.id} failed (${error.message})`,
    ),
  )
  worker.on('stalled', (id) =>
    progress.event({ event: 'stalled', id, worker: name }, `${name}: job ${id} stalled, requeued`),
  )
  worker.on('error', (error) => {
    // Redis down: one line per distinct message, not one per retry.
    if (error.message === lastError) return
    lastError = error.message
    progress.event(
      { event: 'error', worker: name, error: error.message },
      `${name}: ${error.message}`,
    )
  })
  ctx.stdout.write(
    `${JSON.stringify({ event: 'ready', worker: name, egress: options.egress, localAddress: options.localAddress ?? null, queue: options.queue })}\n`,
  )
  const running = worker.run()
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve()
    ctx.signal.addEventListener('abort', () => resolve(), { once: true })
  })
  // Finishes the jobs in flight, takes no new one.
  await worker.close()
  await running
  progress.done()
  ctx.stdout.write(
    `${JSON.stringify({ event: 'stopped', worker: name, jobs: done, candles, rows })}\n`,
  )
  return 0
}
