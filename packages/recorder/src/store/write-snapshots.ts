/**
 * Funding settlements (keyed by settlement time), snapshot series (funding
 * rate, open interest, top-N depth) and contract changes (a row only when
 * the watched fields changed). Each runs inside the round's transaction and
 * notes its series' last write. Rows go in as one plain `INSERT` a call, and
 * only rows not stored yet: `INSERT OR IGNORE` costs DuckDB ~4 ms more a
 * statement, and a statement of a hundred parameter rows ~10 ms, while
 * reading the stored keys costs ~1 ms. The primary keys still refuse a
 * duplicate (the round then fails, it never stores one twice).
 *
 * @module
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'
import type { Depth, FundingRate, FundingRateRecord, OpenInterest } from '@perpkit/schemas'
import { lostSpan } from './dedup.ts'
import { insertRows } from './insert-rows.ts'
import type { LastWrites } from './last-writes.ts'
import { newestTime, writeGap } from './write-trades.ts'

/** What every snapshot write gets: its dataset, the round's clock and last writes. */
interface RoundWrite {
  dataset: string
  now: number
  lastWrites: LastWrites
}

/**
 * Stores funding settlements; a full batch that starts after the newest
 * stored settlement writes a gap row.
 *
 * @param conn - A connection inside the round's transaction.
 * @param input - Dataset, symbol, records (newest first), the request's cap, the round.
 * @returns Settlements added and whether a gap was written.
 */
export async function writeFundingHistory(
  conn: DuckDBConnection,
  input: RoundWrite & { symbol: string; records: readonly FundingRateRecord[]; limit: number },
): Promise<{ added: number; gap: boolean }> {
  const { dataset, symbol, records } = input
  if (records.length === 0) return { added: 0, gap: false }
  const newest = await newestTime(
    conn,
    'SELECT epoch_ms(max(funding_time)) AS t FROM funding_history WHERE symbol = $1',
    symbol,
  )
  const times = records.map((r) => r.fundingTime)
  const lost = lostSpan(newest, times, input.limit)
  if (lost !== undefined) await writeGap(conn, { dataset, symbol, ...lost, at: input.now })
  const oldest = Math.min(...times)
  const stored = new Set(
    (
      await conn.runAndReadAll(
        'SELECT epoch_ms(funding_time) AS t FROM funding_history WHERE symbol = $1 AND funding_time >= epoch_ms($2::BIGINT)',
        [symbol, oldest],
      )
    )
      .getRowObjectsJson()
      .map((r) => Number(r.t)),
  )
  const fresh = new Map<number, FundingRateRecord>()
  for (const r of records) if (!stored.has(r.fundingTime)) fresh.set(r.fundingTime, r)
  const added = await insertRows(
    conn,
    'funding_history',
    '($1, epoch_ms($2::BIGINT), $3::DECIMAL(38,18))',
    [...fresh.values()].map((r) => [symbol, r.fundingTime, r.fundingRate]),
  )
  if (added > 0) input.lastWrites.note(dataset, symbol, input.now)
  return { added, gap: lost !== undefined }
}

/**
 * Appends one funding-rate snapshot.
 *
 * @param conn - A connection inside the round's transaction.
 * @param input - Dataset, rate, the round.
 */
export async function writeFundingRate(
  conn: DuckDBConnection,
  input: RoundWrite & { rate: FundingRate },
): Promise<void> {
  const { rate } = input
  await insertRows(
    conn,
    'funding_rate',
    `($1, epoch_ms($2::BIGINT), epoch_ms($3::BIGINT), $4::DECIMAL(38,18), $5::DECIMAL(38,18),
      epoch_ms($6::BIGINT), $7::DECIMAL(38,18), $8::DECIMAL(38,18))`,
    [
      [
        rate.symbol,
        input.now,
        rate.timestamp,
        rate.rateValue,
        rate.expectedRate,
        rate.fundingTime,
        rate.fundingUpperLimit,
        rate.fundingLowerLimit,
      ],
    ],
  )
  input.lastWrites.note(input.dataset, rate.symbol, input.now)
}

/**
 * Appends one open-interest snapshot.
 *
 * @param conn - A connection inside the round's transaction.
 * @param input - Dataset, reading, the round.
 */
export async function writeOpenInterest(
  conn: DuckDBConnection,
  input: RoundWrite & { oi: OpenInterest },
): Promise<void> {
  const { oi } = input
  await insertRows(
    conn,
    'open_interest',
    '($1, epoch_ms($2::BIGINT), epoch_ms($3::BIGINT), $4::DECIMAL(38,18), $5::DECIMAL(38,18))',
    [[oi.symbol, input.now, oi.timestamp, oi.openInterest, oi.openInterestValue]],
  )
  input.lastWrites.note(input.dataset, oi.symbol, input.now)
}

/**
 * Appends the top `levels` of each side of a book.
 *
 * @param conn - A connection inside the round's transaction.
 * @param input - Dataset, book, levels a side, the round.
 */
export async function writeDepth(
  conn: DuckDBConnection,
  input: RoundWrite & { depth: Depth; levels: number },
): Promise<void> {
  const { depth } = input
  const rows: DuckDBValue[][] = []
  for (const [side, levels] of [
    ['bid', depth.bids],
    ['ask', depth.asks],
  ] as const)
    for (const [i, level] of levels.slice(0, input.levels).entries())
      rows.push([depth.symbol, input.now, depth.timestamp, side, i + 1, level.price, level.qty])
  await insertRows(
    conn,
    'depth',
    `($1, epoch_ms($2::BIGINT), epoch_ms($3::BIGINT), $4, $5, $6::DECIMAL(38,18), $7::DECIMAL(38,18))`,
    rows,
  )
  input.lastWrites.note(input.dataset, depth.symbol, input.now)
}

/**
 * Stores `value` when it differs from the last stored value of the series.
 *
 * @param conn - A connection inside the round's transaction.
 * @param input - Dataset, symbol, watched fields, status and delist time, the round.
 * @returns Whether a change was written.
 */
export async function writeChange(
  conn: DuckDBConnection,
  input: RoundWrite & {
    symbol: string
    value: unknown
    status: string | null
    delistTime: number | null
  },
): Promise<boolean> {
  const text = JSON.stringify(input.value)
  const [last] = (
    await conn.runAndReadAll(
      'SELECT value::VARCHAR AS v FROM contract_changes WHERE dataset = $1 AND symbol = $2 ORDER BY recorded_at DESC LIMIT 1',
      [input.dataset, input.symbol],
    )
  ).getRowObjectsJson()
  if (last !== undefined && JSON.stringify(JSON.parse(String(last.v))) === text) return false
  await insertRows(
    conn,
    'contract_changes',
    '($1, $2, epoch_ms($3::BIGINT), $4, epoch_ms($5::BIGINT), $6::JSON)',
    [[input.dataset, input.symbol, input.now, input.status, input.delistTime, text]],
  )
  input.lastWrites.note(input.dataset, input.symbol, input.now)
  return true
}
