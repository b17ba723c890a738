/**
 * Trades carry no id: a trade is its content (time, price, quantities, side)
 * plus its occurrence among identical trades of the same batch. Identical
 * trades seen again in the overlap of two polls get the same key and are
 * ignored; a full batch that starts after the newest stored trade means
 * trades were lost in between, and a gap row says so.
 *
 * @module
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'
import type { Trade } from '@perpkit/schemas'
import { keyTrades, lostSpan, tradeKey } from './dedup.ts'
import { insertRows } from './insert-rows.ts'
import type { LastWrites } from './last-writes.ts'

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
 * @param conn - A connection inside the round's transaction.
 * @param input - Dataset name, symbol, trades, the request's cap, the clock, the round's last writes.
 * @returns Trades added and the gap, if any.
 */
export async function writeTrades(
  conn: DuckDBConnection,
  input: {
    dataset: string
    symbol: string
    trades: readonly Trade[]
    limit: number
    now: number
    lastWrites: LastWrites
  },
): Promise<TradesWritten> {
  const { dataset, symbol, trades } = input
  if (trades.length === 0) return { added: 0, gap: undefined }
  const newest = await newestTime(
    conn,
    'SELECT epoch_ms(max(time)) AS t FROM trades WHERE symbol = $1',
    symbol,
  )
  const times = trades.map((t) => t.time)
  const gap = lostSpan(newest, times, input.limit)
  if (gap !== undefined) await writeGap(conn, { dataset, symbol, ...gap, at: input.now })
  // Only the trades not stored yet: the stored ones of the batch's span, keyed alike.
  const oldest = Math.min(...times)
  const newestOfBatch = Math.max(...times)
  const stored = new Set(
    (
      await conn.runAndReadAll(
        `SELECT epoch_ms(time) AS t, price::VARCHAR AS p, qty::VARCHAR AS q, quote_qty::VARCHAR AS v,
           is_buyer_maker AS m, dup FROM trades
         WHERE symbol = $1 AND time BETWEEN epoch_ms($2::BIGINT) AND epoch_ms($3::BIGINT)`,
        [symbol, oldest, newestOfBatch],
      )
    )
      .getRowObjectsJson()
      .map(
        (r) =>
          `${tradeKey(Number(r.t), String(r.p), String(r.q), String(r.v), r.m === true)}|${r.dup}`,
      ),
  )
  const rows: DuckDBValue[][] = []
  for (const { trade: t, dup, key } of keyTrades(trades))
    if (!stored.has(key))
      rows.push([symbol, t.time, t.price, t.qty, t.quoteQty, t.isBuyerMaker, dup])
  const added = await insertRows(
    conn,
    'trades',
    '($1, epoch_ms($2::BIGINT), $3::DECIMAL(38,18), $4::DECIMAL(38,18), $5::DECIMAL(38,18), $6, $7)',
    rows,
  )
  input.lastWrites.note(dataset, symbol, input.now)
  return { added, gap }
}
