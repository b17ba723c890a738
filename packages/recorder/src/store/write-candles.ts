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
import type { Kline } from '@perpkit/schemas'
import { appendCandles, type EncodedCandles, encodeCandles } from './candle-chunk.ts'
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

/** A window ready to insert. */
interface EncodedWindow {
  startTime: number
  endTime: number
  fetchedAt: number
  candles: EncodedCandles
}

/**
 * Stores windows: their coverage rows, then their candles.
 *
 * @param conn - A connection inside a transaction.
 * @param windows - The windows, none stored before.
 */
async function insertWindows(
  conn: DuckDBConnection,
  windows: readonly EncodedWindow[],
): Promise<void> {
  const params = windows.flatMap((w) => [
    w.candles.dataset,
    w.candles.symbol,
    w.candles.step,
    w.startTime,
    w.endTime,
    w.fetchedAt,
  ])
  const rows = windows.map((_, i) => {
    const p = (k: number) => `$${i * 6 + k}`
    return `(${p(1)}, ${p(2)}, ${p(3)}, epoch_ms(${p(4)}::BIGINT), epoch_ms(${p(5)}::BIGINT), epoch_ms(${p(6)}::BIGINT))`
  })
  // No OR IGNORE: a window stored twice is a planning bug, and it rolls the group back.
  await conn.run(`INSERT INTO coverage VALUES ${rows.join(', ')}`, params)
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

interface Group {
  windows: EncodedWindow[]
  candles: number
  committed: Promise<void>
}

/** Windows waiting for the next commit, per store. */
const pending = new WeakMap<Store, Group>()

/** Most candles in one group commit. */
const GROUP_CANDLES = 20_000

/**
 * Stores one window: its candles and coverage row, atomically. The window is
 * encoded at once; windows that arrive while a commit is running are grouped
 * into the next transaction (a group commit): at most one group is in
 * flight, and a window's promise resolves once its group is durable.
 *
 * @param store - The archive.
 * @param batch - The window; none of it stored before.
 * @returns A promise that settles when the window is committed.
 */
export function writeCandleWindow(store: Store, batch: CandleBatch): Promise<void> {
  let window: EncodedWindow
  try {
    window = {
      startTime: batch.startTime,
      endTime: batch.endTime,
      fetchedAt: batch.fetchedAt,
      candles: encodeCandles(batch, batch.candles),
    }
  } catch (error) {
    return Promise.reject(error)
  }
  const open = pending.get(store)
  if (open !== undefined && open.candles + window.candles.rows <= GROUP_CANDLES) {
    open.windows.push(window)
    open.candles += window.candles.rows
    return open.committed
  }
  const group: Group = {
    windows: [window],
    candles: window.candles.rows,
    committed: Promise.resolve(),
  }
  // The store runs transactions one after another, so this group starts after the one in
  // flight; until it starts it keeps accepting windows.
  group.committed = store.transaction(async (conn) => {
    if (pending.get(store) === group) pending.delete(store)
    await insertWindows(conn, group.windows)
  })
  pending.set(store, group)
  return group.committed
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
