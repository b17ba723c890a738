/**
 * Running one record job: one poll of one series, through its dataset's
 * declaration. Trades and settlements go through the one dedup rule
 * (`datasets/dedup.ts`) against the series' last poll, kept in Redis
 * (whichever worker ran it), under the series' lock; a full batch that does
 * not reach the last poll writes a gap row. New rows are published as
 * Parquet files before the state moves on, so a worker that dies in between
 * leaves duplicates for `compact`, never a loss.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import type { AnyRow } from '../datasets/columns.ts'
import { datasets } from '../datasets/declared/index.ts'
import { dedupes, identity, rowTime, selectFresh, writesGaps } from '../datasets/dedup.ts'
import type { RecordDataset } from '../datasets/define.ts'
import { recordDatasets } from '../datasets/tables.ts'
import { RecorderError } from '../errors.ts'
import { datasetLayout, GAPS_LAYOUT } from '../parquet/layout.ts'
import { polledByJobs, type RecordJob, schedulerId } from './record-jobs.ts'
import type { Redis } from './redis.ts'
import { lockSeries, seriesKey } from './series-state.ts'
import type { TreeWriter } from './tree-writer.ts'

/** What one poll did. */
export interface RecordPoll {
  /** New rows written (gap rows not counted). */
  rows: number
  files: string[]
  /** The span lost before this poll's batch, when one was. */
  gap: { from: number; to: number } | undefined
  /** True when another poll of the series held its lock: this one did nothing. */
  skipped: boolean
}

/** What a poll works with. */
export interface RecordDeps {
  client: PerpkitClient
  writer: TreeWriter
  redis: Redis
  /** Queue name: series state is kept per queue. */
  queue: string
  /** Series lock lifetime for jobs that do not carry their interval (`everyMs`). */
  lockMs: number
  now: () => number
  /** The datasets jobs may name (default the declared ones). */
  datasets?: readonly RecordDataset[]
}

async function write(
  deps: RecordDeps,
  dataset: RecordDataset,
  job: RecordJob,
  rows: readonly AnyRow[],
  gap: RecordPoll['gap'],
): Promise<RecordPoll> {
  const tag = schedulerId(job)
  const series = { symbol: job.symbol, tag }
  const files: string[] = []
  if (gap !== undefined)
    files.push(
      ...(await deps.writer.writeRows(GAPS_LAYOUT, series, [
        {
          symbol: job.symbol,
          dataset: dataset.name,
          from_time: gap.from,
          to_time: gap.to,
          recorded_at: deps.now(),
        },
      ])),
    )
  if (rows.length > 0)
    files.push(...(await deps.writer.writeRows(datasetLayout(dataset), series, rows)))
  return { rows: rows.length, files, gap, skipped: false }
}

/**
 * Polls one series and writes what is new.
 *
 * @param job - The series.
 * @param deps - Client, writer, Redis, clock.
 * @returns What it wrote.
 */
export async function runRecordJob(job: RecordJob, deps: RecordDeps): Promise<RecordPoll> {
  const dataset = (deps.datasets ?? recordDatasets(datasets)).find(
    (d) => d.name === job.dataset && polledByJobs(d),
  )
  if (dataset === undefined) throw new RecorderError(`no record dataset ${job.dataset}`, 1)
  const poll = () =>
    dataset.poll(deps.client, {
      symbol: job.symbol,
      symbols: [job.symbol],
      now: deps.now(),
      depthLevels: job.depthLevels,
    })
  // Snapshots are new by their poll time: no state, no lock.
  if (!dedupes(dataset) && !writesGaps(dataset))
    return write(deps, dataset, job, await poll(), undefined)
  // The lock lives one interval and is renewed while the poll runs: a poll whose worker
  // dies holds its series at most one interval, then the next poll takes it.
  const ttl = job.everyMs ?? deps.lockMs
  const series = await lockSeries(deps.redis, seriesKey(deps.queue, job.dataset, job.symbol), ttl)
  if (series === undefined) return { rows: 0, files: [], gap: undefined, skipped: true }
  const renewal = setInterval(
    () => {
      series.renew().catch(() => {})
    },
    Math.max(20, ttl / 3),
  )
  try {
    const batch = await poll()
    const last = await series.read()
    const fresh = selectFresh(dataset, batch, {
      newest: last?.newest,
      identities: new Set(last?.keys ?? []),
    })
    const result = await write(deps, dataset, job, fresh.rows, fresh.gap)
    if (batch.length > 0)
      await series.save({
        newest: Math.max(
          last?.newest ?? Number.NEGATIVE_INFINITY,
          ...batch.map((r) => rowTime(dataset, r)),
        ),
        keys: batch.map((r) => identity(dataset, r)),
      })
    return result
  } finally {
    clearInterval(renewal)
    await series.release()
  }
}
