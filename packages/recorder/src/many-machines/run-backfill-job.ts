/**
 * Running one backfill job: fetch its windows (in parallel, paced by the
 * egress budget) through its dataset's declaration, then write its Parquet
 * files. A job that fails is retried whole by the queue; files it published
 * before failing hold the same candles as the retry's, and compaction keeps
 * one of each.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import { klineWindows } from '@perpkit/schemas/lite'
import { datasets } from '../datasets/declared/index.ts'
import { candleDatasets } from '../datasets/tables.ts'
import { RecorderError } from '../errors.ts'
import { type BackfillJob, jobId } from './backfill-jobs.ts'
import type { CandleFiles, TreeWriter } from './tree-writer.ts'

/**
 * Fetches and stores one job.
 *
 * @param job - The job.
 * @param client - The egress's client.
 * @param writer - The tree writer.
 * @param signal - Aborts the requests in flight.
 * @param onAnswered - Called as each request is answered or fails (the budget gate counts them).
 * @returns The files written and the candle count.
 */
export async function runBackfillJob(
  job: BackfillJob,
  client: PerpkitClient,
  writer: TreeWriter,
  signal?: AbortSignal,
  onAnswered?: () => void,
): Promise<CandleFiles> {
  const dataset = candleDatasets(datasets).find((d) => d.name === job.dataset)
  if (dataset === undefined) throw new RecorderError(`no candle dataset ${job.dataset}`, 1)
  const windows = klineWindows(job.startTime, job.endTime, job.step)
  const fetched = await Promise.all(
    windows.map((w) =>
      dataset
        .fetchWindow(
          client,
          { symbol: job.symbol, step: job.step, startTime: w.startTime, endTime: w.endTime },
          signal,
        )
        .finally(onAnswered),
    ),
  )
  return writer.writeCandles(
    dataset,
    { symbol: job.symbol, step: job.step, tag: jobId(job) },
    fetched.flat(),
  )
}
