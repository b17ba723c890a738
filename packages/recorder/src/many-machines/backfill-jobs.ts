/**
 * Backfill work cut into queue jobs: one job per dataset × symbol × step ×
 * time chunk, with an id derived from those alone, so planning the same range
 * twice adds nothing. The candle range of each series is the one `backfill`
 * fills (closed candles opening at or after `from`, closing by `to`).
 *
 * @module
 */
import {
  alignToStep,
  candleSpan,
  type KlineStep,
  MAX_KLINES_PER_REQUEST,
  stepMs,
} from '@perpkit/schemas/lite'
import { datasets } from '../datasets/declared/index.ts'
import { candleDatasets } from '../datasets/tables.ts'
import { RecorderError } from '../errors.ts'

const DAY = 86_400_000

/** The candle datasets a backfill job can fill (their names), from the declarations. */
export const BACKFILL_DATASETS: readonly string[] = candleDatasets(datasets).map((d) => d.name)

/**
 * One backfill job: the candles of one series whose open times lie in
 * `[startTime, endTime]` (epoch ms, both inclusive).
 *
 * @example
 * ```ts
 * const job: BackfillJob = {
 *   kind: 'backfill',
 *   dataset: 'kline',
 *   symbol: 'BTCUSDT',
 *   step: 1,
 *   startTime: Date.UTC(2026, 0, 1),
 *   endTime: Date.UTC(2026, 0, 1, 23, 59),
 * }
 * ```
 */
export interface BackfillJob {
  kind: 'backfill'
  /** A candle dataset's name, one of {@link BACKFILL_DATASETS}. */
  dataset: string
  symbol: string
  /** Step in minutes. */
  step: KlineStep
  startTime: number
  endTime: number
}

/** What `plan` cuts into jobs. */
export interface BackfillPlanInput {
  datasets: readonly BackfillJob['dataset'][]
  symbols: readonly string[]
  steps: readonly KlineStep[]
  /** Range start, epoch ms. */
  from: number
  /** Range end, epoch ms: the last candle closes by then. */
  to: number
  /** Whole UTC days per job, at least (a job is also at least one request of 500 candles). */
  chunkDays: number
}

/**
 * The length of one job's chunk for a step: `chunkDays` days, or as many
 * whole days as one request's 500 candles span when that is longer.
 *
 * @param step - Step in minutes.
 * @param chunkDays - Requested days per job.
 * @returns Milliseconds, a whole number of days.
 */
function chunkMs(step: KlineStep, chunkDays: number): number {
  return DAY * Math.max(chunkDays, Math.ceil((MAX_KLINES_PER_REQUEST * stepMs(step)) / DAY))
}

/**
 * The job id: the same job always has the same id, and BullMQ adds a job
 * whose id it already holds only once. (BullMQ refuses `:` in ids.)
 *
 * @param job - The job.
 * @returns e.g. `backfill.kline.BTCUSDT.1.1767225600000.1767311940000`.
 */
export function jobId(job: BackfillJob): string {
  return [job.kind, job.dataset, job.symbol, job.step, job.startTime, job.endTime].join('.')
}

/**
 * Cuts symbols × datasets × steps × range into jobs, chunk by chunk, the
 * series interleaved so that early jobs spread over symbols and endpoints.
 *
 * @param input - What to plan.
 * @returns The jobs, ascending in time within each series.
 */
export function planBackfillJobs(input: BackfillPlanInput): BackfillJob[] {
  const perSeries: BackfillJob[][] = []
  // Datasets innermost: consecutive jobs alternate endpoints, so a worker's jobs in flight
  // spend the budgets of both candle endpoints at once.
  for (const symbol of input.symbols)
    for (const step of input.steps)
      for (const dataset of input.datasets) {
        const ms = stepMs(step)
        const last = Math.min(input.to, alignToStep(input.to + 1, step) - 1)
        const { first, count } = candleSpan(input.from, last, step)
        if (count === 0) continue
        const lastOpen = first + (count - 1) * ms
        const chunk = chunkMs(step, input.chunkDays)
        const jobs: BackfillJob[] = []
        for (let start = first; start <= lastOpen; ) {
          const chunkEnd = Math.floor(start / chunk) * chunk + chunk
          const end = Math.min(lastOpen, alignToStep(chunkEnd - 1, step))
          jobs.push({ kind: 'backfill', dataset, symbol, step, startTime: start, endTime: end })
          start = end + ms
        }
        perSeries.push(jobs)
      }
  const out: BackfillJob[] = []
  for (let i = 0; perSeries.some((s) => i < s.length); i++)
    for (const series of perSeries) if (i < series.length) out.push(series[i] as BackfillJob)
  return out
}

/**
 * Checks a job's data as read back from Redis (it may come from another
 * version of the recorder).
 *
 * @param data - The job's data.
 * @returns The job.
 * @throws {@link RecorderError} when it is not a backfill job this build knows.
 */
export function parseJob(data: unknown): BackfillJob {
  const job = data as Partial<BackfillJob> | null
  if (
    job === null ||
    typeof job !== 'object' ||
    job.kind !== 'backfill' ||
    typeof job.dataset !== 'string' ||
    !BACKFILL_DATASETS.includes(job.dataset) ||
    typeof job.symbol !== 'string' ||
    typeof job.step !== 'number' ||
    !Number.isSafeInteger(job.startTime) ||
    !Number.isSafeInteger(job.endTime)
  )
    throw new RecorderError(`not a backfill job this recorder knows: ${JSON.stringify(data)}`, 1)
  return job as BackfillJob
}
