/**
 * Writing one fetched window: its candles and its coverage row in one
 * transaction, so a crash loses at most the window in flight and a window
 * is never fetched again once stored. Candles go through an appender into a
 * temporary staging table, then `INSERT OR IGNORE` into the archive.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Kline } from '@perpkit/schemas'
import type { Store } from './open-store.ts'

/** One window's worth of candles. */
export interface CandleBatch {
  dataset: string
  symbol: string
  step: number
  startTime: number
  endTime: number
  candles: readonly Kline[]
  /** When it was fetched (ms). */
  fetchedAt: number
}

const STAGE = 'stage_candles'

async function ensureStage(conn: DuckDBConnection): Promise<void> {
  await conn.run(
    `CREATE TEMP TABLE IF NOT EXISTS ${STAGE} (open_time BIGINT, open VARCHAR, high VARCHAR, low VARCHAR, close VARCHAR, volume VARCHAR)`,
  )
}

/**
 * Appends candles into the staging table and moves them into `candles`.
 *
 * @param conn - A connection inside a transaction.
 * @param batch - The candles and their series.
 */
export async function insertCandles(conn: DuckDBConnection, batch: CandleBatch): Promise<void> {
  if (batch.candles.length === 0) return
  await ensureStage(conn)
  const appender = await conn.createAppender(STAGE, 'main', 'temp')
  for (const c of batch.candles) {
    appender.appendBigInt(BigInt(c.timestamp))
    appender.appendVarchar(c.openPrice)
    appender.appendVarchar(c.highPrice)
    appender.appendVarchar(c.lowPrice)
    appender.appendVarchar(c.closePrice)
    appender.appendVarchar(c.volume)
    appender.endRow()
  }
  appender.closeSync()
  await conn.run(
    `INSERT OR IGNORE INTO candles
     SELECT $1, $2, $3, epoch_ms(open_time), open::DECIMAL(38,18), high::DECIMAL(38,18),
            low::DECIMAL(38,18), close::DECIMAL(38,18), volume::DECIMAL(38,18)
     FROM ${STAGE}`,
    [batch.dataset, batch.symbol, batch.step],
  )
  await conn.run(`DELETE FROM ${STAGE}`)
}

/**
 * Stores one window: candles, its coverage row and the series' last write, atomically.
 *
 * @param store - The archive.
 * @param batch - The window.
 */
export function writeCandleWindow(store: Store, batch: CandleBatch): Promise<void> {
  return store.transaction(async (conn) => {
    await insertCandles(conn, batch)
    await conn.run(
      `INSERT OR IGNORE INTO coverage VALUES ($1, $2, $3, epoch_ms($4::BIGINT), epoch_ms($5::BIGINT), epoch_ms($6::BIGINT))`,
      [batch.dataset, batch.symbol, batch.step, batch.startTime, batch.endTime, batch.fetchedAt],
    )
    await touch(conn, batch.dataset, batch.symbol, batch.fetchedAt)
  })
}

/**
 * Records the last write of a series.
 *
 * @param conn - A connection inside a transaction.
 * @param dataset - Dataset name.
 * @param symbol - Symbol.
 * @param at - Epoch ms.
 */
export async function touch(
  conn: DuckDBConnection,
  dataset: string,
  symbol: string,
  at: number,
): Promise<void> {
  await conn.run('INSERT OR REPLACE INTO writes VALUES ($1, $2, epoch_ms($3::BIGINT))', [
    dataset,
    symbol,
    at,
  ])
}

/**
 * The windows already stored for a series, as `[start, end]` open times, ascending.
 *
 * @param store - The archive.
 * @param series - Dataset, symbol, step.
 * @returns Covered intervals.
 */
export async function coveredWindows(
  store: Store,
  series: { dataset: string; symbol: string; step: number },
): Promise<[number, number][]> {
  const rows = await store.all(
    `SELECT epoch_ms(start_time) AS s, epoch_ms(end_time) AS e FROM coverage
     WHERE dataset = $1 AND symbol = $2 AND step = $3 ORDER BY start_time`,
    [series.dataset, series.symbol, series.step],
  )
  return rows.map((r) => [Number(r.s), Number(r.e)])
}
