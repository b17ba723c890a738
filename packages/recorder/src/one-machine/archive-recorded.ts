/**
 * What only a running recorder captures, read back from an archive: trades,
 * depth snapshots and gap rows (the spans `record` knows it missed). Values
 * come back in the API's own shapes, prices and quantities as exact decimal
 * strings, times as epoch ms.
 *
 * @module
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'
import type { Depth, DepthLevel, Trade } from '@perpkit/schemas'
import { depth as depthDataset } from '../datasets/declared/book.ts'
import { marketTrade } from '../datasets/declared/trades.ts'
import { GAPS } from '../datasets/tables.ts'
import { exact, rangeFilter, rows, type TimeRange } from './archive-queries.ts'

const TRADES = marketTrade.table
const TRADE_TIME = marketTrade.time
const DEPTH = depthDataset.table
const DEPTH_TIME = depthDataset.time

/**
 * Which trades `Archive.trades` reads: a symbol, a range, and at most `limit`
 * (the newest of the range).
 *
 * @example
 * ```ts
 * const query: TradeQuery = { symbol: 'BTCUSDT', from: Date.UTC(2026, 0, 1), limit: 1000 }
 * ```
 */
export interface TradeQuery extends TimeRange {
  symbol: string
  /** At most this many trades, the newest of the range. @default all */
  limit?: number | undefined
}

/**
 * Trades of a range, oldest first, and how many the range holds in all.
 *
 * @example
 * ```ts
 * const range: TradeRange = { trades: [], total: 0 }
 * ```
 */
export interface TradeRange {
  trades: Trade[]
  /** Trades in the range, more than `trades.length` when `limit` cut the oldest. */
  total: number
}

/**
 * A depth snapshot as recorded: the API's {@link Depth} (its `timestamp` the
 * server's), with the time the recorder polled it and the levels it kept.
 *
 * @example
 * ```ts
 * declare const snapshot: DepthSnapshot
 * console.log(snapshot.recordedAt, snapshot.bids[0]?.price)
 * ```
 */
export interface DepthSnapshot extends Depth {
  /** When the recorder polled it (ms): the snapshot's key. */
  recordedAt: number
}

/**
 * A span `record` knows it did not capture (a full poll that did not reach
 * back to the last stored row: an outage, a 429 storm, a stopped recorder).
 *
 * @example
 * ```ts
 * const gap: GapRow = {
 *   dataset: 'market-trade', symbol: 'BTCUSDT',
 *   from: 1767225600000, to: 1767225690000, recordedAt: 1767225695000,
 * }
 * ```
 */
export interface GapRow {
  dataset: string
  symbol: string
  /** The span not recorded, ms: from the last stored row to the oldest of the next batch. */
  from: number
  to: number
  /** When the gap was noticed. */
  recordedAt: number
}

/**
 * Which gap rows `Archive.gaps` reads; every filter may be omitted.
 *
 * @example
 * ```ts
 * const query: GapQuery = { symbol: 'BTCUSDT', dataset: 'market-trade' }
 * ```
 */
export interface GapQuery extends TimeRange {
  symbol?: string | undefined
  dataset?: string | undefined
}

/** Trades of a range, oldest first. */
export async function readTrades(conn: DuckDBConnection, query: TradeQuery): Promise<TradeRange> {
  const params: DuckDBValue[] = [query.symbol]
  const where = `symbol = $1${rangeFilter(TRADE_TIME, query, params)}`
  const [count] = await rows(conn, `SELECT count(*) AS n FROM ${TRADES} WHERE ${where}`, params)
  const limit = query.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(query.limit))}`
  const found = await rows(
    conn,
    `SELECT * FROM (
       SELECT epoch_ms(${TRADE_TIME}) AS t, price, qty, quote_qty, is_buyer_maker, dup FROM ${TRADES}
       WHERE ${where} ORDER BY ${TRADE_TIME} DESC, dup DESC${limit}
     ) ORDER BY t, dup`,
    params,
  )
  return {
    total: Number(count?.n ?? 0),
    trades: found.map((r) => ({
      symbol: query.symbol,
      price: exact(r.price),
      qty: exact(r.qty),
      quoteQty: exact(r.quote_qty),
      time: Number(r.t),
      isBuyerMaker: r.is_buyer_maker === true,
    })),
  }
}

/** The depth snapshot of a symbol at or before `at` (default the newest), or null. */
export async function readDepth(
  conn: DuckDBConnection,
  symbol: string,
  at: number | undefined,
): Promise<DepthSnapshot | null> {
  const params: DuckDBValue[] = [symbol]
  const before = at === undefined ? '' : rangeFilter(DEPTH_TIME, { to: at + 1 }, params)
  const found = await rows(
    conn,
    `WITH snapshot AS (
       SELECT max(${DEPTH_TIME}) AS newest FROM ${DEPTH} WHERE symbol = $1${before}
     )
     SELECT epoch_ms(${DEPTH_TIME}) AS recorded, epoch_ms(server_time) AS server, side, price, qty,
       sum(qty) OVER (PARTITION BY side ORDER BY level) AS total
     FROM ${DEPTH} WHERE symbol = $1 AND ${DEPTH_TIME} = (SELECT newest FROM snapshot)
     ORDER BY side, level`,
    params,
  )
  const first = found[0]
  if (first === undefined) return null
  const side = (name: string): DepthLevel[] =>
    found
      .filter((r) => r.side === name)
      .map((r) => ({ price: exact(r.price), qty: exact(r.qty), total: exact(r.total) }))
  return {
    symbol,
    timestamp: Number(first.server),
    recordedAt: Number(first.recorded),
    bids: side('bid'),
    asks: side('ask'),
  }
}

/** Gap rows, oldest first. */
export async function readGaps(conn: DuckDBConnection, query: GapQuery): Promise<GapRow[]> {
  const params: DuckDBValue[] = []
  let where = 'true'
  if (query.symbol !== undefined) {
    params.push(query.symbol)
    where += ` AND symbol = $${params.length}`
  }
  if (query.dataset !== undefined) {
    params.push(query.dataset)
    where += ` AND dataset = $${params.length}`
  }
  where += rangeFilter(GAPS.time, query, params)
  const found = await rows(
    conn,
    `SELECT dataset, symbol, epoch_ms(from_time) AS f, epoch_ms(to_time) AS t,
       epoch_ms(recorded_at) AS r FROM ${GAPS.table} WHERE ${where} ORDER BY from_time, dataset, symbol`,
    params,
  )
  return found.map((r) => ({
    dataset: String(r.dataset),
    symbol: String(r.symbol),
    from: Number(r.f),
    to: Number(r.t),
    recordedAt: Number(r.r),
  }))
}
