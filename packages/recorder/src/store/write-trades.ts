/**
 * Trades carry no id: a trade is its content (time, price, quantities, side)
 * plus its occurrence among identical trades of the same batch. Identical
 * trades seen again in the overlap of two polls get the same key and are
 * ignored; a full batch that starts after the newest stored trade means
 * trades were lost in between, and a gap row says so.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Trade } from '@perpkit/schemas'
import { keyTrades, lostSpan } from './dedup.ts'
import type { Store } from './open-store.ts'
import { touch } from './write-candles.ts'

/** What one poll of trades stored. */
export interface TradesWritten {
  added: number
  /** The unrecorded span `[from, to]` (ms) when the batch did not reach the stored trades. */
  gap: { from: number; to: number } | undefined
}

/**
 * The newest stored time of a series, or `undefined`.
 *
 * @param conn - A connection.
 * @param sql - `SELECT epoch_ms(max(...)) AS t FROM ... WHERE symbol = $1`.
 * @param symbol - The symbol.
 * @returns Epoch ms or `undefined`.
 */
export async function newestTime(
  conn: DuckDBConnection,
  sql: string,
  symbol: string,
): Promise<number | undefined> {
  const [row] = (await conn.runAndReadAll(sql, [symbol])).getRowObjectsJson()
  return row?.t === null || row?.t === undefined ? undefined : Number(row.t)
}

/**
 * Writes a gap row: `[from, to]` of `dataset` / `symbol` was not recorded.
 *
 * @param conn - A connection inside a transaction.
 * @param row - Dataset, symbol, span, when.
 */
export async function writeGap(
  conn: DuckDBConnection,
  row: { dataset: string; symbol: string; from: number; to: number; at: number },
): Promise<void> {
  await conn.run(
    'INSERT OR IGNORE INTO gaps VALUES ($1, $2, epoch_ms($3::BIGINT), epoch_ms($4::BIGINT), epoch_ms($5::BIGINT))',
    [row.dataset, row.symbol, row.from, row.to, row.at],
  )
}

/**
 * Stores one poll of trades (newest first, as the API sends them).
 *
 * @param store - The archive.
 * @param input - Dataset name, symbol, trades, the request's cap, the clock.
 * @returns Trades added and the gap, if any.
 */
export function writeTrades(
  store: Store,
  input: { dataset: string; symbol: string; trades: readonly Trade[]; limit: number; now: number },
): Promise<TradesWritten> {
  return store.transaction(async (conn) => {
    const { dataset, symbol, trades } = input
    if (trades.length === 0) return { added: 0, gap: undefined }
    const newest = await newestTime(
      conn,
      'SELECT epoch_ms(max(time)) AS t FROM trades WHERE symbol = $1',
      symbol,
    )
    const gap = lostSpan(
      newest,
      trades.map((t) => t.time),
      input.limit,
    )
    if (gap !== undefined) await writeGap(conn, { dataset, symbol, ...gap, at: input.now })
    await conn.run(
      'CREATE TEMP TABLE IF NOT EXISTS stage_trades (time BIGINT, price VARCHAR, qty VARCHAR, quote_qty VARCHAR, is_buyer_maker BOOLEAN, dup INTEGER)',
    )
    const appender = await conn.createAppender('stage_trades', 'main', 'temp')
    for (const { trade: t, dup } of keyTrades(trades)) {
      appender.appendBigInt(BigInt(t.time))
      appender.appendVarchar(t.price)
      appender.appendVarchar(t.qty)
      appender.appendVarchar(t.quoteQty)
      appender.appendBoolean(t.isBuyerMaker)
      appender.appendInteger(dup)
      appender.endRow()
    }
    appender.closeSync()
    const before = await count(conn, symbol)
    await conn.run(
      `INSERT OR IGNORE INTO trades SELECT $1, epoch_ms(time), price::DECIMAL(38,18), qty::DECIMAL(38,18),
         quote_qty::DECIMAL(38,18), is_buyer_maker, dup FROM stage_trades`,
      [symbol],
    )
    await conn.run('DELETE FROM stage_trades')
    const added = (await count(conn, symbol)) - before
    await touch(conn, dataset, symbol, input.now)
    return { added, gap }
  })
}

async function count(conn: DuckDBConnection, symbol: string): Promise<number> {
  const [row] = (
    await conn.runAndReadAll('SELECT count(*) AS n FROM trades WHERE symbol = $1', [symbol])
  ).getRowObjectsJson()
  return Number(row?.n ?? 0)
}
