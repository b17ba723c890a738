/**
 * Funding settlements (keyed by settlement time), snapshot series (funding
 * rate, open interest, top-N depth) and contract changes (a row only when
 * the watched fields changed). Each call is one transaction.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Depth, FundingRate, FundingRateRecord, OpenInterest } from '@perpkit/schemas'
import { lostSpan } from './dedup.ts'
import type { Store } from './open-store.ts'
import { touch } from './write-candles.ts'
import { newestTime, writeGap } from './write-trades.ts'

/**
 * Stores funding settlements; a full batch that starts after the newest
 * stored settlement writes a gap row.
 *
 * @param store - The archive.
 * @param input - Dataset, symbol, records (newest first), the request's cap, the clock.
 * @returns Settlements added and whether a gap was written.
 */
export function writeFundingHistory(
  store: Store,
  input: {
    dataset: string
    symbol: string
    records: readonly FundingRateRecord[]
    limit: number
    now: number
  },
): Promise<{ added: number; gap: boolean }> {
  return store.transaction(async (conn) => {
    const { dataset, symbol, records } = input
    if (records.length === 0) return { added: 0, gap: false }
    const newest = await newestTime(
      conn,
      'SELECT epoch_ms(max(funding_time)) AS t FROM funding_history WHERE symbol = $1',
      symbol,
    )
    const lost = lostSpan(
      newest,
      records.map((r) => r.fundingTime),
      input.limit,
    )
    if (lost !== undefined) await writeGap(conn, { dataset, symbol, ...lost, at: input.now })
    const before = await countRows(conn, symbol)
    for (const r of records)
      await conn.run(
        'INSERT OR IGNORE INTO funding_history VALUES ($1, epoch_ms($2::BIGINT), $3::DECIMAL(38,18))',
        [symbol, r.fundingTime, r.fundingRate],
      )
    const added = (await countRows(conn, symbol)) - before
    if (added > 0) await touch(conn, dataset, symbol, input.now)
    return { added, gap: lost !== undefined }
  })
}

async function countRows(conn: DuckDBConnection, symbol: string): Promise<number> {
  const [row] = (
    await conn.runAndReadAll('SELECT count(*) AS n FROM funding_history WHERE symbol = $1', [
      symbol,
    ])
  ).getRowObjectsJson()
  return Number(row?.n ?? 0)
}

/**
 * Appends one funding-rate snapshot.
 *
 * @param store - The archive.
 * @param input - Dataset, rate, the clock.
 */
export function writeFundingRate(
  store: Store,
  input: { dataset: string; rate: FundingRate; now: number },
): Promise<void> {
  const { rate } = input
  return store.transaction(async (conn) => {
    await conn.run(
      `INSERT OR IGNORE INTO funding_rate VALUES ($1, epoch_ms($2::BIGINT), epoch_ms($3::BIGINT),
        $4::DECIMAL(38,18), $5::DECIMAL(38,18), epoch_ms($6::BIGINT), $7::DECIMAL(38,18), $8::DECIMAL(38,18))`,
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
    )
    await touch(conn, input.dataset, rate.symbol, input.now)
  })
}

/**
 * Appends one open-interest snapshot.
 *
 * @param store - The archive.
 * @param input - Dataset, reading, the clock.
 */
export function writeOpenInterest(
  store: Store,
  input: { dataset: string; oi: OpenInterest; now: number },
): Promise<void> {
  const { oi } = input
  return store.transaction(async (conn) => {
    await conn.run(
      `INSERT OR IGNORE INTO open_interest VALUES ($1, epoch_ms($2::BIGINT), epoch_ms($3::BIGINT),
        $4::DECIMAL(38,18), $5::DECIMAL(38,18))`,
      [oi.symbol, input.now, oi.timestamp, oi.openInterest, oi.openInterestValue],
    )
    await touch(conn, input.dataset, oi.symbol, input.now)
  })
}

/**
 * Appends the top `levels` of each side of a book.
 *
 * @param store - The archive.
 * @param input - Dataset, book, levels a side, the clock.
 */
export function writeDepth(
  store: Store,
  input: { dataset: string; depth: Depth; levels: number; now: number },
): Promise<void> {
  const { depth } = input
  return store.transaction(async (conn) => {
    for (const [side, levels] of [
      ['bid', depth.bids],
      ['ask', depth.asks],
    ] as const) {
      for (const [i, level] of levels.slice(0, input.levels).entries()) {
        await conn.run(
          `INSERT OR IGNORE INTO depth VALUES ($1, epoch_ms($2::BIGINT), epoch_ms($3::BIGINT), $4, $5,
            $6::DECIMAL(38,18), $7::DECIMAL(38,18))`,
          [depth.symbol, input.now, depth.timestamp, side, i + 1, level.price, level.qty],
        )
      }
    }
    await touch(conn, input.dataset, depth.symbol, input.now)
  })
}

/**
 * Stores `value` when it differs from the last stored value of the series.
 *
 * @param store - The archive.
 * @param input - Dataset, symbol, watched fields, status and delist time, the clock.
 * @returns Whether a change was written.
 */
export function writeChange(
  store: Store,
  input: {
    dataset: string
    symbol: string
    value: unknown
    status: string | null
    delistTime: number | null
    now: number
  },
): Promise<boolean> {
  return store.transaction(async (conn) => {
    const text = JSON.stringify(input.value)
    const [last] = (
      await conn.runAndReadAll(
        'SELECT value::VARCHAR AS v FROM contract_changes WHERE dataset = $1 AND symbol = $2 ORDER BY recorded_at DESC LIMIT 1',
        [input.dataset, input.symbol],
      )
    ).getRowObjectsJson()
    if (last !== undefined && JSON.stringify(JSON.parse(String(last.v))) === text) return false
    await conn.run(
      'INSERT OR IGNORE INTO contract_changes VALUES ($1, $2, epoch_ms($3::BIGINT), $4, epoch_ms($5::BIGINT), $6::JSON)',
      [input.dataset, input.symbol, input.now, input.status, input.delistTime, text],
    )
    await touch(conn, input.dataset, input.symbol, input.now)
    return true
  })
}
