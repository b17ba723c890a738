/**
 * Running one backfill job: fetch its windows (in parallel, paced by the
 * egress budget), then write its Parquet files. A job that fails is retried
 * whole by the queue; files it published before failing hold the same
 * candles as the retry's, and compaction keeps one of each.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import type { Kline } from '@perpkit/schemas'
import { klineWindows } from '@perpkit/schemas/lite'
import type { CandleFiles, CandleParquetWriter } from '../parquet/write-candles.ts'
import { type BackfillJob, jobId } from './jobs.ts'

const METHOD = { kline: 'getKlines', 'markprice-kline': 'getMarkPriceKlines' } as const

/**
 * Fetches and stores one job.
 *
 * @param job - The job.
 * @param client - The egress's client.
 * @param writer - The Parquet writer.
 * @param signal - Aborts the requests in flight.
 * @returns The files written and the candle count.
 */
export async function runBackfillJob(
  job: BackfillJob,
  client: PerpkitClient,
  writer: CandleParquetWriter,
  signal?: AbortSignal,
): Promise<CandleFiles> {
  const method = client[METHOD[job.dataset]]
  const windows = klineWindows(job.startTime, job.endTime, job.step)
  const fetched = await Promise.all(
    windows.map(async (w): Promise<Kline[]> => {
      const candles = await method(
        { symbol: job.symbol, step: job.step, startTime: w.startTime, endTime: w.endTime },
        signal === undefined ? {} : { signal },
      )
      return candles.filter((c) => c.timestamp >= w.startTime && c.timestamp <= w.endTime)
    }),
  )
  return writer.write(
    { dataset: job.dataset, symbol: job.symbol, step: job.step, tag: jobId(job) },
    fetched.flat(),
  )
}
