/**
 * Writing fetched windows: each window's candles and its coverage row in one
 * transaction, so a crash loses at most the windows in flight and a window
 * is never fetched again once stored. The coverage row guards the candles:
 * its primary key refuses a window stored before, and the backfill plans
 * only windows that overlap no stored one, so no candle is stored twice (the
 * `candles` table has no key of its own: its index cost more than the insert
 * and held memory for every row). The series' last write is the coverage
 * row's `fetched_at`.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import { tableColumns } from '../datasets/table.ts'
import { COVERAGE } from '../datasets/tables.ts'
import { insertValues } from '../duckdb/values.ts'
import { appendCandles, type EncodedCandles, encodeCandles } from '../duckdb-vector/candle-chunk.ts'
import type { CandleBatch } from './candle-writer.ts'
import type { Store } from './open-store.ts'

/** A window encoded, ready to insert. */
export interface EncodedWindow {
  startTime: number
  endTime: number
  fetchedAt: number
  candles: EncodedCandles
}

/**
 * Encodes one fetched window (throws when a price does not fit).
 *
 * @param batch - The window.
 * @returns It in DuckDB's layout.
 */
export function encodeWindow(batch: CandleBatch): EncodedWindow {
  return {
    startTime: batch.startTime,
    endTime: batch.endTime,
    fetchedAt: batch.fetchedAt,
    candles: encodeCandles(batch, batch.candles),
  }
}

/**
 * Stores windows: their coverage rows, then their candles.
 *
 * @param conn - A connection inside a transaction.
 * @param windows - The windows, none stored before.
 */
export async function insertWindows(
  conn: DuckDBConnection,
  windows: readonly EncodedWindow[],
): Promise<void> {
  // No OR IGNORE: a window stored twice is a planning bug, and it rolls the group back.
  await insertValues(
    conn,
    COVERAGE.table,
    tableColumns(COVERAGE),
    windows.map((w) => [
      w.candles.dataset,
      w.candles.symbol,
      w.candles.step,
      w.startTime,
      w.endTime,
      w.fetchedAt,
    ]),
  )
  const appender = await conn.createAppender('candles')
  try {
    appendCandles(
      appender,
      windows.map((w) => w.candles),
    )
  } finally {
    appender.closeSync()
  }
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
