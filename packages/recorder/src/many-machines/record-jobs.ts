/**
 * Record work as queue jobs: one repeating job per symbol × dataset, run by
 * a BullMQ job scheduler whose id is made of the two, so planning again
 * updates the schedule instead of adding a second one.
 *
 * @module
 */
import { datasets } from '../datasets/declared/index.ts'
import { pollsEveryRound, type RecordDataset } from '../datasets/define.ts'
import { recordDatasets } from '../datasets/tables.ts'
import { RecorderError } from '../errors.ts'

/**
 * Whether a dataset is polled by record jobs: per-symbol datasets other than `changes`
 * (catalog datasets and contract changes are recorded on one machine).
 *
 * @param dataset - A recorded dataset.
 * @returns True when `plan --record` schedules it.
 */
export function polledByJobs(dataset: RecordDataset): boolean {
  return dataset.scope === 'symbol' && dataset.kind !== 'changes'
}

/** The datasets a record job polls (names as in the tree and in `record`), from the declarations. */
export const RECORD_DATASETS: readonly string[] = recordDatasets(datasets)
  .filter(polledByJobs)
  .map((d) => d.name)

/** Datasets planned when `--datasets` is omitted: what only a running recorder can catch. */
export const DEFAULT_RECORD_DATASETS: readonly string[] = recordDatasets(datasets)
  .filter((d) => polledByJobs(d) && pollsEveryRound(d))
  .map((d) => d.name)

/**
 * One poll of one series: the newest records of `dataset` for `symbol`.
 *
 * @example
 * ```ts
 * const job: RecordJob = { kind: 'record', dataset: 'market-trade', symbol: 'BTCUSDT', depthLevels: 20, everyMs: 5000 }
 * ```
 */
export interface RecordJob {
  kind: 'record'
  /** One of {@link RECORD_DATASETS}. */
  dataset: string
  symbol: string
  /** Book levels kept a side (depth only). */
  depthLevels: number
  /**
   * The scheduler's interval: a poll holds its series' lock for this long at a
   * time (renewing it while it runs), so a poll that dies holds it at most one
   * interval. Absent on jobs planned by an older recorder (then `--lock-ms`).
   */
  everyMs?: number
}

/**
 * The scheduler id of a series: the same series always has the same id, so
 * `upsertJobScheduler` replaces its schedule. (BullMQ refuses `:` in ids.)
 *
 * @param job - The series.
 * @returns e.g. `record.market-trade.BTCUSDT`.
 * @example
 * ```ts
 * schedulerId({ dataset: 'market-trade', symbol: 'BTCUSDT' })
 * // 'record.market-trade.BTCUSDT'
 * ```
 */
export function schedulerId(job: Pick<RecordJob, 'dataset' | 'symbol'>): string {
  return `record.${job.dataset}.${job.symbol}`
}

/** Prefix of every record scheduler id. */
export const SCHEDULER_PREFIX = 'record.'

/**
 * Checks `--datasets` of `plan --record`.
 *
 * @param value - The flag's value, or undefined for the default.
 * @returns Dataset names.
 */
export function parseRecordDatasets(value: string | undefined): string[] {
  if (value === undefined) return [...DEFAULT_RECORD_DATASETS]
  return value.split(',').map((raw) => {
    const name = raw.trim()
    if (!RECORD_DATASETS.includes(name))
      throw new RecorderError(
        `--datasets: ${JSON.stringify(name)} is not recorded by jobs; use ${RECORD_DATASETS.join(', ')}`,
      )
    return name
  })
}

/**
 * Checks a record job's data as read back from Redis.
 *
 * @param data - The job's data.
 * @returns The job.
 * @throws {@link RecorderError} when it is not a record job this build knows.
 */
export function parseRecordJob(data: unknown): RecordJob {
  const job = data as Partial<RecordJob> | null
  if (
    job === null ||
    typeof job !== 'object' ||
    job.kind !== 'record' ||
    !RECORD_DATASETS.includes(String(job.dataset)) ||
    typeof job.symbol !== 'string' ||
    !Number.isSafeInteger(job.depthLevels) ||
    (job.depthLevels ?? 0) < 1 ||
    (job.everyMs !== undefined && !(Number.isSafeInteger(job.everyMs) && job.everyMs > 0))
  )
    throw new RecorderError(`not a record job this recorder knows: ${JSON.stringify(data)}`, 1)
  return job as RecordJob
}
