/**
 * Writing one fetched window: its candles and its coverage row in one
 * transaction, so a crash loses at most the window in flight and a window
 * is never fetched again once stored. Candles go through an appender into a
 * temporary staging table (as exact DECIMAL values, no string cast), then
 * `INSERT OR IGNORE` into the archive.
 *
 * @module
 */
import { type DuckDBConnection, DuckDBTimestampMillisecondsValue } from '@duckdb/node-api'
import type { Kline } from '@perpkit/schemas'
import { toDecimal } from './decimal.ts'
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

/** Connections whose staging table exists (a catalog lookup per batch costs more than the batch). */
const staged = new WeakSet<DuckDBConnection>()

async function ensureStage(conn: DuckDBConnection): Promise<void> {
  if (staged.has(conn)) return
  await conn.run(
    `CREATE TEMP TABLE IF NOT EXISTS ${STAGE} (dataset VARCHAR, symbol VARCHAR, step INTEGER,
      open_time TIMESTAMP_MS, open DECIMAL(38,18), high DECIMAL(38,18), low DECIMAL(38,18),
      close DECIMAL(38,18), volume DECIMAL(38,18))`,
  )
  staged.add(conn)
}

/**
 * Appends the candles of some windows into the staging table and moves them into `candles`.
 *
 * @param conn - A connection inside a transaction.
 * @param batches - The windows.
 */
export async function insertCandles(
  conn: DuckDBConnection,
  batches: readonly CandleBatch[],
): Promise<void> {
  await ensureStage(conn)
  const appender = await conn.createAppender(STAGE, 'main', 'temp')
  for (const batch of batches)
    for (const c of batch.candles) {
      appender.appendVarchar(batch.dataset)
      appender.appendVarchar(batch.symbol)
      appender.appendInteger(batch.step)
      appender.appendTimestampMilliseconds(
        new DuckDBTimestampMillisecondsValue(BigInt(c.timestamp)),
      )
      appender.appendDecimal(toDecimal(c.openPrice))
      appender.appendDecimal(toDecimal(c.highPrice))
      appender.appendDecimal(toDecimal(c.lowPrice))
      appender.appendDecimal(toDecimal(c.closePrice))
      appender.appendDecimal(toDecimal(c.volume))
      appender.endRow()
    }
  appender.closeSync()
  await conn.run(`INSERT OR IGNORE INTO candles SELECT * FROM ${STAGE}`)
  await conn.run(`DELETE FROM ${STAGE}`)
}

/** Windows waiting for the next commit, per store, and when they are committed. */
const pending = new WeakMap<Store, { batches: CandleBatch[]; committed: Promise<void> }>()

/** Most candles in one group commit. */
const GROUP_CANDLES = 20_000

/**
 * Stores one window: candles, its coverage row and the series' last write,
 * atomically. Windows that arrive while a commit is running are grouped
 * into the next transaction (a group commit): at most one group is in
 * flight, and a window's promise resolves once its group is durable.
 *
 * @param store - The archive.
 * @param batch - The window.
 * @returns A promise that settles when the window is committed.
 */
export function writeCandleWindow(store: Store, batch: CandleBatch): Promise<void> {
  const open = pending.get(store)
  const size = open?.batches.reduce((n, b) => n + b.candles.length, 0) ?? 0
  if (open !== undefined && size + batch.candles.length <= GROUP_CANDLES) {
    open.batches.push(batch)
    return open.committed
  }
  const group: { batches: CandleBatch[]; committed: Promise<void> } = {
    batches: [batch],
    committed: Promise.resolve(),
  }
  // The store runs transactions one after another, so this group starts after the one in
  // flight; until it starts it keeps accepting windows.
  group.committed = store.transaction(async (conn) => {
    if (pending.get(store) === group) pending.delete(store)
    await insertCandles(conn, group.batches)
    const params = group.batches.flatMap((b) => [
      b.dataset,
      b.symbol,
      b.step,
      b.startTime,
      b.endTime,
      b.fetchedAt,
    ])
    const rows = group.batches.map((_, i) => {
      const p = (k: number) => `$${i * 6 + k}`
      return `(${p(1)}, ${p(2)}, ${p(3)}, epoch_ms(${p(4)}::BIGINT), epoch_ms(${p(5)}::BIGINT), epoch_ms(${p(6)}::BIGINT))`
    })
    await conn.run(`INSERT OR IGNORE INTO coverage VALUES ${rows.join(', ')}`, params)
    const series = new Map(group.batches.map((b) => [`${b.dataset}|${b.symbol}`, b]))
    for (const b of series.values()) await touch(conn, b.dataset, b.symbol, b.fetchedAt)
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
