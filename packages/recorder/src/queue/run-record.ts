/**
 * Running one record job: one poll of one series. Trades and settlements
 * are deduplicated against the series' last poll, kept in Redis (whichever
 * worker ran it), under the series' lock; a full batch that does not reach
 * the last poll writes a gap row. New rows are published as Parquet files
 * before the state moves on, so a worker that dies in between leaves
 * duplicates for `compact`, never a loss.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import { datasetOf } from '../datasets.ts'
import { GAPS, type RecordParquetWriter, type RecordRow } from '../parquet/write-records.ts'
import { keyTrades, lostSpan } from '../store/dedup.ts'
import { type RecordJob, schedulerId } from './record-jobs.ts'
import type { Redis } from './redis.ts'
import { lockSeries, type SeriesHandle, seriesKey } from './series-state.ts'

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
  writer: RecordParquetWriter
  redis: Redis
  /** Queue name: series state is kept per queue. */
  queue: string
  /** Series lock lifetime: longer than one poll. */
  lockMs: number
  now: () => number
}

const TRADES = datasetOf('getTrades')
const HISTORY = datasetOf('getFundingRateHistory')

/**
 * Polls one series and writes what is new.
 *
 * @param job - The series.
 * @param deps - Client, writer, Redis, clock.
 * @returns What it wrote.
 */
export async function runRecordJob(job: RecordJob, deps: RecordDeps): Promise<RecordPoll> {
  if (job.dataset !== TRADES.name && job.dataset !== HISTORY.name) return snapshot(job, deps)
  const series = await lockSeries(
    deps.redis,
    seriesKey(deps.queue, job.dataset, job.symbol),
    deps.lockMs,
  )
  if (series === undefined) return { rows: 0, files: [], gap: undefined, skipped: true }
  try {
    return job.dataset === TRADES.name
      ? await trades(job, deps, series)
      : await settlements(job, deps, series)
  } finally {
    await series.release()
  }
}

async function write(
  deps: RecordDeps,
  job: RecordJob,
  rows: RecordRow[],
  gap: RecordPoll['gap'],
  now: number,
): Promise<RecordPoll> {
  const tag = schedulerId(job)
  const files: string[] = []
  if (gap !== undefined)
    files.push(
      ...(await deps.writer.write({ dataset: GAPS, symbol: job.symbol, tag }, [
        [gap.from, gap.to, job.dataset, now],
      ])),
    )
  if (rows.length > 0)
    files.push(
      ...(await deps.writer.write({ dataset: job.dataset, symbol: job.symbol, tag }, rows)),
    )
  return { rows: rows.length, files, gap, skipped: false }
}

async function trades(job: RecordJob, deps: RecordDeps, series: SeriesHandle): Promise<RecordPoll> {
  const limit = TRADES.maxRecords ?? 100
  const batch = await deps.client.getTrades({ symbol: job.symbol, limit })
  const now = deps.now()
  const last = await series.read()
  const keyed = keyTrades(batch)
  const known = new Set(last?.keys ?? [])
  const times = batch.map((t) => t.time)
  const rows = keyed
    .filter((k) => !known.has(k.key))
    .map(
      ({ trade: t, dup }): RecordRow => [t.time, t.price, t.qty, t.quoteQty, t.isBuyerMaker, dup],
    )
  const result = await write(deps, job, rows, lostSpan(last?.newest, times, limit), now)
  if (batch.length > 0)
    await series.save({ newest: Math.max(...times), keys: keyed.map((k) => k.key) })
  return result
}

async function settlements(
  job: RecordJob,
  deps: RecordDeps,
  series: SeriesHandle,
): Promise<RecordPoll> {
  const limit = HISTORY.maxRecords ?? 100
  const records = await deps.client.getFundingRateHistory({ symbol: job.symbol, limit })
  const now = deps.now()
  const last = await series.read()
  const newest = last?.newest ?? Number.NEGATIVE_INFINITY
  const times = records.map((r) => r.fundingTime)
  const rows = records
    .filter((r) => r.fundingTime > newest)
    .map((r): RecordRow => [r.fundingTime, r.fundingRate])
  const result = await write(deps, job, rows, lostSpan(last?.newest, times, limit), now)
  if (records.length > 0) await series.save({ newest: Math.max(newest, ...times) })
  return result
}

async function snapshot(job: RecordJob, deps: RecordDeps): Promise<RecordPoll> {
  const { client } = deps
  const { symbol } = job
  let rows: RecordRow[]
  if (job.dataset === 'funding-rate') {
    const r = await client.getFundingRate({ symbol })
    const at = deps.now()
    rows = [
      [
        at,
        r.timestamp,
        r.rateValue,
        r.expectedRate,
        r.fundingTime,
        r.fundingUpperLimit,
        r.fundingLowerLimit,
      ],
    ]
  } else if (job.dataset === 'open-interest') {
    const oi = await client.getOpenInterest({ symbol })
    rows = [[deps.now(), oi.timestamp, oi.openInterest, oi.openInterestValue]]
  } else {
    const depth = await client.getDepth({ symbol })
    const at = deps.now()
    rows = (
      [
        ['bid', depth.bids],
        ['ask', depth.asks],
      ] as const
    ).flatMap(([side, levels]) =>
      levels
        .slice(0, job.depthLevels)
        .map((level, i): RecordRow => [at, depth.timestamp, side, i + 1, level.price, level.qty]),
    )
  }
  return write(deps, job, rows, undefined, deps.now())
}
