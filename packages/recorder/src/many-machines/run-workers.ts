/**
 * A worker process's BullMQ workers: one per endpoint queue, each taking jobs
 * only while its egress has budget for that endpoint (`budget-gate.ts`), and
 * what they report: one JSON line per event (an attempt that will be retried
 * is a `retry`, not a `failed`; no event carries an empty error), and the
 * counters of `--metrics-port`. Stopping waits for the jobs in flight, but
 * not past a deadline: when Redis is down, BullMQ cannot hand jobs back, so
 * the worker leaves them to stalled-job recovery and goes.
 *
 * @module
 */
import type { RateLimitBudget } from '@perpkit/schemas/lite'
import { type Job, UnrecoverableError, Worker } from 'bullmq'
import { describeError } from '../errors.ts'
import type { RecorderMetrics } from '../metrics/recorder-metrics.ts'
import type { Progress } from '../progress.ts'
import { jobRequests, parseJob } from './backfill-jobs.ts'
import { createBudgetGate, type GateTicket } from './budget-gate.ts'
import type { EndpointQueue } from './queues.ts'
import type { Redis } from './redis.ts'
import type { RecordPoll } from './run-record-job.ts'
import type { CandleFiles } from './tree-writer.ts'

/** A backfill job's candles, or a record poll's rows. */
type JobResult = CandleFiles | RecordPoll

/** How a job is run: its queue, data, and the gate ticket its requests report to. */
export type RunJob = (queue: EndpointQueue, job: Job, ticket: GateTicket) => Promise<JobResult>

/** What the workers are started with. */
export interface FleetOptions {
  /** The connection BullMQ uses (it opens one blocking connection per queue beside it). */
  connection: Redis
  queues: readonly EndpointQueue[]
  /** The budget a queue's jobs spend on this egress. */
  budgetOf: (queue: EndpointQueue) => RateLimitBudget
  /** Most jobs of one queue in flight, whatever the budget. */
  maxPerQueue: number
  /** Job lock: a dead worker's jobs run elsewhere after this. */
  lockMs: number
  /** The BullMQ worker name (jobs' `processedBy`). */
  name: string
  run: RunJob
  progress: Progress
  metrics: RecorderMetrics | undefined
  /** The clock, epoch ms. */
  now: () => number
}

/** Running workers. */
export interface Fleet {
  /** Jobs processed, candles and recorded rows written. */
  totals(): { jobs: number; candles: number; rows: number }
  /** Ids of the jobs taken and not yet handed back to Redis as completed or failed. */
  active(): string[]
  /**
   * Stops taking jobs and waits for those in flight, at most `deadlineMs`.
   *
   * @param deadlineMs - The longest wait.
   * @returns Whether every worker closed in time, and the jobs left in flight if not.
   */
  stop(deadlineMs: number): Promise<{ clean: boolean; abandoned: string[] }>
}

/**
 * Starts one BullMQ worker per queue.
 *
 * @param options - Queues, budgets, how to run a job, where to report.
 * @returns The fleet.
 */
export function startFleet(options: FleetOptions): Fleet {
  const { progress, name, metrics } = options
  const totals = { jobs: 0, candles: 0, rows: 0 }
  const inFlight = new Set<string>()
  let lastError = ''
  const workers = options.queues.map((queue) => {
    const budget = options.budgetOf(queue)
    let worker: Worker | undefined
    const gate = createBudgetGate(budget.limit, (n) => {
      if (worker !== undefined) worker.concurrency = Math.min(n, options.maxPerQueue)
    })
    worker = new Worker(
      queue.name,
      async (job) => {
        // In flight until Redis has it back as completed or failed (which needs Redis).
        inFlight.add(String(job.id))
        const ticket = gate.begin(queue.kind === 'backfill' ? requestsOf(job) : 1)
        try {
          return await options.run(queue, job, ticket)
        } finally {
          ticket.end()
        }
      },
      {
        connection: options.connection,
        concurrency: 1,
        lockDuration: options.lockMs,
        stalledInterval: options.lockMs,
        // A backfill job whose worker died goes back to the queue; only one that keeps
        // killing its workers ends up failed. A record poll that stalled is failed at
        // once: the scheduler has already queued the next poll, which reads the same
        // newest records.
        maxStalledCount: queue.kind === 'record' ? 0 : 5,
        name,
        autorun: false,
      },
    )
    report(worker, queue)
    return worker
  })

  function report(worker: Worker, queue: EndpointQueue) {
    worker.on('active', (job) =>
      progress.event(
        { event: 'active', id: job.id, queue: queue.name, worker: name },
        `${name}: job ${job.id}`,
      ),
    )
    worker.on('completed', (job, result: JobResult) => {
      inFlight.delete(String(job.id))
      totals.jobs++
      metrics?.jobsProcessed.inc({ queue: queue.name, result: 'completed' })
      const record = 'rows' in result
      if (record) totals.rows += result.rows
      else totals.candles += result.candles
      metrics?.rowsWritten.inc(
        { dataset: queue.dataset.name },
        record ? result.rows : result.candles,
      )
      const data = job.data as { symbol?: string; step?: number; endTime?: number } | null
      if (record && !result.skipped)
        metrics?.polled(queue.dataset.name, String(data?.symbol), options.now())
      if (!record && result.candles > 0 && data?.step !== undefined && data.endTime !== undefined)
        metrics?.stored(
          queue.dataset.name,
          String(data.symbol),
          data.step,
          data.endTime + data.step * 60_000,
        )
      progress.event(
        {
          event: 'completed',
          id: job.id,
          queue: queue.name,
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
        `${name}: ${totals.jobs} jobs, ${totals.candles} candles, ${totals.rows} recorded rows`,
      )
    })
    worker.on('failed', (job, error) => {
      if (job !== undefined) inFlight.delete(String(job.id))
      const attempts = job?.opts.attempts ?? 1
      const made = job?.attemptsMade ?? attempts
      // BullMQ emits 'failed' for every failed attempt; only the last one fails the job.
      const retry = !(error instanceof UnrecoverableError) && made < attempts
      metrics?.jobsProcessed.inc({ queue: queue.name, result: retry ? 'retry' : 'failed' })
      const message = describeError(error)
      progress.event(
        {
          event: retry ? 'retry' : 'failed',
          id: job?.id,
          queue: queue.name,
          worker: name,
          attempt: made,
          attempts,
          ...(retry && job?.delay ? { retryInMs: job.delay } : {}),
          error: message,
        },
        retry
          ? `${name}: job ${job?.id} attempt ${made} of ${attempts} failed, retrying (${message})`
          : `${name}: job ${job?.id} failed (${message})`,
      )
    })
    worker.on('stalled', (id) =>
      progress.event(
        { event: 'stalled', id, queue: queue.name, worker: name },
        `${name}: job ${id} stalled, requeued`,
      ),
    )
    worker.on('error', (error) => {
      // Redis down: one line per distinct message, not one per retry of each worker.
      const message = describeError(error)
      if (message === lastError) return
      lastError = message
      progress.event({ event: 'error', worker: name, error: message }, `${name}: ${message}`)
    })
  }

  const running = workers.map((w) =>
    w.run().catch((error: unknown) => {
      progress.event(
        { event: 'error', worker: name, error: describeError(error) },
        `${name}: ${describeError(error)}`,
      )
    }),
  )

  return {
    totals: () => ({ ...totals }),
    active: () => [...inFlight],
    async stop(deadlineMs) {
      let timer: NodeJS.Timeout | undefined
      const closed = Promise.all([...workers.map((w) => w.close()), ...running]).then(() => true)
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), deadlineMs)
      })
      const clean = await Promise.race([closed, late])
      clearTimeout(timer)
      return { clean, abandoned: clean ? [] : [...inFlight] }
    },
  }
}

/** Requests of a backfill job, from its data (one when it cannot be read: it fails anyway). */
function requestsOf(job: Job): number {
  try {
    return jobRequests(parseJob(job.data))
  } catch {
    return 1
  }
}
