/**
 * `worker`: takes backfill and record jobs from the endpoint queues, fetches
 * them through its egress (a source address and the budget every process on
 * that egress shares in Redis), writes Parquet files into the shared tree,
 * and records what it stored in the coverage record. It beats in Redis while
 * it runs, and serves metrics and health when asked.
 *
 * @module
 */
import { hostname } from 'node:os'
import { isPerpkitError, isRetryableError } from '@perpkit/client'
import { checkRateLimitBudget, type RateLimitBudget } from '@perpkit/schemas/lite'
import { UnrecoverableError } from 'bullmq'
import { parseFlags, parsePositive } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { s3Flags, s3Help, treeLocation } from '../cli/tree-flags.ts'
import { describeError, RecorderError } from '../errors.ts'
import { parseJob } from '../many-machines/backfill-jobs.ts'
import { markStored } from '../many-machines/coverage.ts'
import { checkEgressName, checkLocalAddress, openEgress } from '../many-machines/egress.ts'
import { sourceAddressFor, startHeartbeat } from '../many-machines/heartbeat.ts'
import { endpointQueues, queueBudget } from '../many-machines/queues.ts'
import { parseRecordJob } from '../many-machines/record-jobs.ts'
import { connectRedis, parseQueueName, parseRedisUrl } from '../many-machines/redis.ts'
import { runBackfillJob } from '../many-machines/run-backfill-job.ts'
import { runRecordJob } from '../many-machines/run-record-job.ts'
import { type RunJob, startFleet } from '../many-machines/run-workers.ts'
import { openTreeStore } from '../many-machines/tree-store.ts'
import { openTreeWriter } from '../many-machines/tree-writer.ts'
import { createRecorderMetrics } from '../metrics/recorder-metrics.ts'
import { type MetricsServer, parseMetricsFlags } from '../metrics/serve-metrics.ts'
import { serveWorkerMetrics } from '../metrics/worker-metrics.ts'
import { createProgress } from '../progress.ts'
import { settleWithin } from '../settle-within.ts'
import { openSource } from '../source.ts'

/** Help of `worker`. */
export const workerHelp = `Usage: perpkit-recorder worker --redis <url> --egress <name> --out <dir|s3://bucket/prefix> [options]

Takes backfill and record jobs from the queues (one per endpoint, see 'plan') until stopped,
and writes each job's candles, or a record poll's new rows, as new Parquet files under
<dir>/<dataset>/symbol=<s>/date=<YYYY-MM-DD>/ (gap rows under <dir>/gaps/). Workers with the
same --egress share one rate budget in Redis; a worker takes a job of an endpoint only while
its egress has budget left for it. Two egress names on one source address are refused (the
limit is per address). Ctrl-C or SIGTERM finishes the jobs in flight and exits 0; if they
cannot finish within --stop-timeout (Redis down), it exits 1 and leaves them to another
worker's stalled-job check. A worker killed outright gives its jobs back after --lock-ms.

Start it so that a supervisor's signal reaches it: run the bin itself
(node_modules/.bin/perpkit-recorder) or 'exec' it from a script, not through npx.

Options:
  --redis <url>          Redis holding the queues and the budgets (redis://host:port[/db])
  --egress <name>        Egress name: one budget per name (e.g. the public IP it leaves through)
  --out <dir|s3://...>   Shared Parquet tree: a directory (created when missing), or a bucket
                         and prefix of an S3-compatible store
  --local-address <ip>   Source address of the requests (default: the system's choice)
  --base-url <url>       API base URL (the client's default when omitted)
  --sandbox              Start an embedded sandbox and read from it
  --concurrency <n>      Most jobs of one endpoint in flight, whatever the budget (default 16)
  --queue <name>         Queue name prefix (default perpkit-recorder)
  --lock-ms <ms>         Job lock: a dead worker's jobs run elsewhere after this (default 30000)
  --stop-timeout <s>     Longest wait for the jobs in flight on SIGTERM (default 10)
  --budget <n>/<ms>      Requests per window per candle endpoint, replacing the endpoint table's
                         (for a deployment with another limit)
  --metrics-port <n>     Serve GET /metrics (Prometheus) and GET /healthz on this port (0: any)
  --metrics-host <ip>    Address of that server (default 127.0.0.1)
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
  'stop-timeout': { type: 'string' },
  budget: { type: 'string' },
  'metrics-port': { type: 'string' },
  'metrics-host': { type: 'string' },
  ...s3Flags,
} as const

/**
 * Parses `--budget <n>/<ms>`.
 *
 * @param value - The flag's value.
 * @returns The budget of each candle endpoint, or undefined for the endpoint table's.
 */
function parseBudget(value: string | undefined): RateLimitBudget | undefined {
  if (value === undefined) return undefined
  const match = /^(\d+)\/(\d+)$/.exec(value)
  if (match === null)
    throw new RecorderError(
      `--budget must be <requests>/<ms> (e.g. 12/2000), got ${JSON.stringify(value)}`,
    )
  try {
    return checkRateLimitBudget({ limit: Number(match[1]), windowMs: Number(match[2]) }, '--budget')
  } catch (error) {
    throw new RecorderError((error as Error).message)
  }
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
  const maxPerQueue = parsePositive('--concurrency', values.concurrency, 16)
  const base = parseQueueName(values.queue)
  const lockMs = parsePositive('--lock-ms', values['lock-ms'], 30_000, 100)
  const stopMs = parsePositive('--stop-timeout', values['stop-timeout'], 10, 0) * 1000
  const candleBudget = parseBudget(values.budget)
  const metricsAt = parseMetricsFlags(values['metrics-port'], values['metrics-host'])
  const localAddress = await checkLocalAddress(values['local-address'])
  const baseUrl = values['base-url']
  if (!values.sandbox && baseUrl === undefined)
    throw new RecorderError('--base-url <url> or --sandbox is required')
  const address =
    localAddress ??
    (baseUrl === undefined
      ? '127.0.0.1'
      : await sourceAddressFor(baseUrl).catch((error: unknown) => {
          throw new RecorderError(
            `--base-url ${JSON.stringify(baseUrl)}: no route to its host from here (${describeError(error)})`,
          )
        }))

  const redis = await connectRedis(target)
  const closers: (() => Promise<void> | void)[] = [() => redis.destroy()]
  // How long each resource may take to close: short after a stop that gave up on Redis.
  let closeWithin = 2_000
  const progress = createProgress(ctx.stdout)
  const name = `${egress}@${hostname()}:${process.pid}`
  const reportError = (error: unknown) =>
    progress.event(
      { event: 'error', worker: name, error: describeError(error) },
      `${name}: ${describeError(error)}`,
    )
  try {
    const beatMs = Math.min(5_000, Math.max(500, Math.round(lockMs / 3)))
    const heartbeat = await startHeartbeat(
      redis,
      base,
      { name, egress, address, host: hostname(), pid: process.pid, beatMs, startedAt: ctx.now() },
      reportError,
    )
    closers.push(() => settleWithin(heartbeat.stop(), 1_000))
    const limiterRedis = await connectRedis(target)
    closers.push(() => limiterRedis.destroy())
    const metrics = metricsAt === undefined ? undefined : createRecorderMetrics(ctx.now)
    const route = openEgress(limiterRedis, egress, localAddress, budgetsOf(candleBudget))
    closers.push(() => route.close())
    const fetch =
      metrics === undefined
        ? route.clientOptions.fetch
        : metrics.countRequests(route.clientOptions.fetch, {
            egress,
            address: localAddress ?? 'default',
          })
    const source = await openSource(values, { ...ctx.clientOptions, ...route.clientOptions, fetch })
    closers.push(() => source.close())
    const store = await openTreeStore(tree)
    closers.push(() => store.close())
    const writer = await openTreeWriter(store, ctx.now)
    closers.push(() => writer.close())
    const queues = endpointQueues(base)
    // Every BullMQ worker (and, with --metrics-port, every queue handle) on the shared
    // connection listens to its events: two per queue, not a leak.
    redis.setMaxListeners(2 * queues.length + 10)
    const deps = { client: source.client, writer, redis, queue: base, lockMs, now: ctx.now }
    const run: RunJob = async (queue, job, ticket) => {
      try {
        if (queue.kind === 'record') return await runRecordJob(parseRecordJob(job.data), deps)
        const backfill = parseJob(job.data)
        const result = await runBackfillJob(
          backfill,
          source.client,
          writer,
          undefined,
          ticket.answered,
        )
        await markStored(redis, base, backfill, result.candles)
        return result
      } catch (error) {
        // Data this build cannot read, or an answer no retry can change (an unknown
        // symbol, a bad step): fail the job now.
        if (error instanceof RecorderError || (isPerpkitError(error) && !isRetryableError(error)))
          throw new UnrecoverableError(describeError(error))
        throw error
      }
    }
    const fleet = startFleet({
      connection: redis,
      queues,
      budgetOf: (q) => queueBudget(q, candleBudget),
      maxPerQueue,
      lockMs,
      name,
      run,
      progress,
      metrics,
      now: ctx.now,
    })
    let server: MetricsServer | undefined
    if (metrics !== undefined && metricsAt !== undefined) {
      server = await serveWorkerMetrics(metrics, metricsAt, redis, queues, () => ({
        ok: redis.isReady && ctx.now() - heartbeat.lastBeat() < 3 * beatMs,
        worker: name,
        redis: redis.isReady ? 'ready' : 'unreachable',
        lastBeatMsAgo: ctx.now() - heartbeat.lastBeat(),
        active: fleet.active().length,
      }))
      closers.push(() => server?.close())
    }
    ctx.stdout.write(
      `${JSON.stringify({ event: 'ready', worker: name, egress, address, localAddress: localAddress ?? null, queues: queues.map((q) => q.name), metrics: server?.url ?? null })}\n`,
    )
    await new Promise<void>((done) => {
      if (ctx.signal.aborted) return done()
      ctx.signal.addEventListener('abort', () => done(), { once: true })
    })
    const stopped = await fleet.stop(stopMs)
    progress.done()
    ctx.stdout.write(
      `${JSON.stringify({ event: 'stopped', worker: name, ...fleet.totals(), clean: stopped.clean, abandoned: stopped.abandoned })}\n`,
    )
    const redisState = redis.isReady ? 'reachable' : 'unreachable'
    if (stopped.abandoned.length > 0)
      ctx.stderr.write(
        `perpkit-recorder worker: the jobs in flight did not finish within --stop-timeout ${stopMs / 1000} s (Redis ${redisState}); ${stopped.abandoned.length} left to stalled-job recovery: ${stopped.abandoned.join(', ')}\n`,
      )
    else if (!stopped.clean)
      ctx.stderr.write(
        `perpkit-recorder worker: no job was in flight, but the queues did not close within --stop-timeout ${stopMs / 1000} s (Redis ${redisState}); stopped anyway\n`,
      )
    closeWithin = stopped.clean ? 2_000 : 200
    // Exit 1 only when jobs were left to another worker.
    return stopped.abandoned.length > 0 ? 1 : 0
  } finally {
    for (const close of closers.reverse()) await settleWithin(Promise.resolve(close()), closeWithin)
  }
}

/** Budgets of the candle endpoints for `--budget`. */
function budgetsOf(budget: RateLimitBudget | undefined) {
  if (budget === undefined) return undefined
  return { '/contract/public/kline': budget, '/contract/public/markprice-kline': budget }
}
