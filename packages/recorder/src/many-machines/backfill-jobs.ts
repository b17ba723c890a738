/**
 * Backfill work cut into queue jobs on a fixed grid of UTC windows: each
 * series' time is cut into windows of a length that depends on its step alone
 * (one UTC day for 1m, as many whole days as one request's 500 candles span
 * otherwise), counted from the epoch. A range selects the windows it
 * touches, whole; only the window still open at `now` is cut at its last
 * closed candle. So a window's job, and its id, are the same whatever range
 * planned it, and a stored window is never planned again (see `coverage.ts`).
 *
 * @module
 */
import {
  alignToStep,
  type KlineStep,
  klineWindows,
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
 * The earliest time the fleet plans (2010-01-01 UTC): window states are kept
 * in Redis as a bitfield counted from the window holding it, so its size
 * stays small (about 1.5 KB per 1m series, less for longer steps).
 */
export const PLAN_ORIGIN = Date.UTC(2010, 0, 1)

/**
 * The length of a step's windows: whole UTC days, as many as one request's
 * 500 candles fill (at least one day). Every step of the interface divides it,
 * so a window holds whole candles and starts at a candle's open.
 *
 * @param step - Step in minutes.
 * @returns Milliseconds: a day for 1m to 5m, 20 days for 1h, 500 days for 1d.
 * @example
 * ```ts
 * windowMs(1) // 86_400_000: 1,440 candles, three requests
 * windowMs(60) // 20 days: 480 candles, one request
 * ```
 */
export function windowMs(step: KlineStep): number {
  return DAY * Math.max(1, Math.floor((MAX_KLINES_PER_REQUEST * stepMs(step)) / DAY))
}

/**
 * A window's position in its series' bitfield (0 for the window holding {@link PLAN_ORIGIN}).
 *
 * @param start - The window's start.
 * @param step - Step in minutes.
 * @returns The index.
 */
export function windowIndex(start: number, step: KlineStep): number {
  const length = windowMs(step)
  return Math.floor(start / length) - Math.floor(PLAN_ORIGIN / length)
}

/**
 * The planned part of one window of one series: its candles from the
 * window's start (`start`) to the last closed one planned (`until`).
 *
 * @example
 * ```ts
 * const window: PlannedWindow = {
 *   dataset: 'kline',
 *   symbol: 'BTCUSDT',
 *   step: 1,
 *   start: Date.UTC(2026, 0, 5),
 *   last: Date.UTC(2026, 0, 5, 23, 59),
 *   until: Date.UTC(2026, 0, 5, 23, 59),
 * }
 * ```
 */
export interface PlannedWindow {
  /** A candle dataset's name, one of {@link BACKFILL_DATASETS}. */
  dataset: string
  symbol: string
  /** Step in minutes. */
  step: KlineStep
  /** The window's start (epoch ms), a multiple of {@link windowMs}: its first candle's open. */
  start: number
  /** Open time of the window's last candle. */
  last: number
  /** Open time of the last candle planned: `last`, unless the window is still open at `now`. */
  until: number
}

/** What `plan` cuts into windows. */
export interface BackfillPlanInput {
  datasets: readonly string[]
  symbols: readonly string[]
  steps: readonly KlineStep[]
  /** Range start, epoch ms: its window is planned whole. */
  from: number
  /** Range end, epoch ms: the window of the last candle closing by then is planned whole. */
  to: number
  /** The present: only candles closed by then are planned. */
  now: number
}

/**
 * The windows a range touches, series by series, the series interleaved so
 * that early jobs spread over symbols.
 *
 * @param input - What to plan.
 * @returns The windows, ascending in time within each series.
 * @throws {@link RecorderError} when the range starts before {@link PLAN_ORIGIN}.
 */
export function planWindows(input: BackfillPlanInput): PlannedWindow[] {
  if (input.from < PLAN_ORIGIN)
    throw new RecorderError(
      `--from ${new Date(input.from).toISOString()} is before 2010-01-01, where the fleet's plan starts`,
    )
  const perSeries: PlannedWindow[][] = []
  for (const symbol of input.symbols)
    for (const step of input.steps)
      for (const dataset of input.datasets) {
        const ms = stepMs(step)
        const length = windowMs(step)
        // The last candle closed by `now`, and the last one closing by `to`.
        const closed = alignToStep(input.now + 1, step) - ms
        const lastOpen = Math.min(closed, alignToStep(input.to + 1, step) - ms)
        const windows: PlannedWindow[] = []
        for (let start = Math.floor(input.from / length) * length; start <= lastOpen; ) {
          const last = start + length - ms
          windows.push({ dataset, symbol, step, start, last, until: Math.min(last, closed) })
          start += length
        }
        perSeries.push(windows)
      }
  const out: PlannedWindow[] = []
  for (let i = 0; perSeries.some((s) => i < s.length); i++)
    for (const series of perSeries) if (i < series.length) out.push(series[i] as PlannedWindow)
  return out
}

/**
 * One backfill job: the candles of one series whose open times lie in
 * `[startTime, endTime]` (epoch ms, both inclusive), all inside one window.
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

/**
 * The job of a window, from `from` (the window's start, or the candle after
 * the part already stored) to its `until`.
 *
 * @param window - The planned window.
 * @param from - First open time to fetch.
 * @returns The job.
 */
export function windowJob(window: PlannedWindow, from = window.start): BackfillJob {
  const { dataset, symbol, step } = window
  return { kind: 'backfill', dataset, symbol, step, startTime: from, endTime: window.until }
}

/**
 * The start of the window holding a job (jobs never cross windows).
 *
 * @param job - The job.
 * @returns Epoch ms.
 */
export function jobWindow(job: Pick<BackfillJob, 'startTime' | 'step'>): number {
  const length = windowMs(job.step)
  return Math.floor(job.startTime / length) * length
}

/**
 * Requests a job makes: one per 500 candles.
 *
 * @param job - The job.
 * @returns The count.
 */
export function jobRequests(job: BackfillJob): number {
  return klineWindows(job.startTime, job.endTime, job.step).length
}

/**
 * The job id: made of the window's part it fetches, so the same part always
 * has the same id and BullMQ adds it once. (BullMQ refuses `:` in ids.)
 *
 * @param job - The job.
 * @returns e.g. `backfill.kline.BTCUSDT.1.1767225600000.1767311940000`.
 * @example
 * ```ts
 * jobId({ kind: 'backfill', dataset: 'kline', symbol: 'BTCUSDT', step: 1, startTime: 1767225600000, endTime: 1767311940000 })
 * // 'backfill.kline.BTCUSDT.1.1767225600000.1767311940000'
 * ```
 */
export function jobId(job: BackfillJob): string {
  return [job.kind, job.dataset, job.symbol, job.step, job.startTime, job.endTime].join('.')
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
    !Number.isSafeInteger(job.endTime) ||
    jobWindow(job as BackfillJob) !==
      jobWindow({ startTime: job.endTime as number, step: job.step })
  )
    throw new RecorderError(`not a backfill job this recorder knows: ${JSON.stringify(data)}`, 1)
  return job as BackfillJob
}
