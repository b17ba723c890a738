/**
 * The documented queries of an archive (README, "Queries"), as the code that
 * reads them: candles of a range, funding settlements, open-interest history,
 * and which series the file holds. Values come back as the API's own shapes,
 * prices and amounts as exact decimal strings.
 *
 * @module
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'
import type { FundingRateRecord, Kline, OpenInterest } from '@perpkit/schemas'
import { canonicalDecimal } from '../datasets/columns.ts'
import {
  depth as depthDataset,
  openInterest as openInterestDataset,
} from '../datasets/declared/book.ts'
import { fundingRateHistory } from '../datasets/declared/funding.ts'
import { marketTrade } from '../datasets/declared/trades.ts'
import { CANDLE_TABLE } from '../datasets/define-candles.ts'
import { GAPS } from '../datasets/tables.ts'

const CANDLES = CANDLE_TABLE.table
const FUNDING = fundingRateHistory.table
const FUNDING_TIME = fundingRateHistory.time
const OI = openInterestDataset.table
const OI_TIME = openInterestDataset.time
const TRADES = marketTrade.table
const DEPTH = depthDataset.table

/**
 * A stored series: its first and last time (epoch ms) and row count.
 *
 * @example
 * ```ts
 * const series: ArchiveSeries = { first: 1767225600000, last: 1769904000000, rows: 744 }
 * ```
 */
export interface ArchiveSeries {
  /** First time stored (ms): candle open, settlement or snapshot time. */
  first: number
  /** Last time stored (ms). */
  last: number
  /** Rows stored. */
  rows: number
}

/**
 * What an archive holds, per dataset and series.
 *
 * @example
 * ```ts
 * import { openArchive } from '@perpkit/recorder'
 *
 * const archive = await openArchive('market.duckdb')
 * const contents: ArchiveContents = await archive.contents()
 * archive.close()
 * for (const c of contents.candles) console.log(c.dataset, c.symbol, c.step, c.rows)
 * ```
 */
export interface ArchiveContents {
  /** Candle series (`kline`, `markprice-kline`) by symbol and step (minutes). */
  candles: (ArchiveSeries & { dataset: string; symbol: string; step: number })[]
  /** Funding settlements by symbol. */
  funding: (ArchiveSeries & { symbol: string })[]
  /** Open-interest snapshots by symbol. */
  openInterest: (ArchiveSeries & { symbol: string })[]
  /** Trades by symbol. */
  trades: (ArchiveSeries & { symbol: string })[]
  /** Depth snapshots by symbol (`rows`: snapshots, not levels). */
  depth: (ArchiveSeries & { symbol: string })[]
  /** Gap rows by dataset and symbol (`first` / `last`: the start of the first and last gap). */
  gaps: (ArchiveSeries & { dataset: string; symbol: string })[]
}

/**
 * A time range, epoch ms: `from` inclusive, `to` exclusive; either may be omitted.
 *
 * @example
 * ```ts
 * const january: TimeRange = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 1, 1) }
 * ```
 */
export interface TimeRange {
  from?: number | undefined
  to?: number | undefined
}

/**
 * Which candles `Archive.candles` reads.
 *
 * @example
 * ```ts
 * const query: CandleQuery = { symbol: 'BTCUSDT', step: 60, from: Date.UTC(2026, 0, 1), limit: 5000 }
 * ```
 */
export interface CandleQuery extends TimeRange {
  /** `'kline'` (default) or `'markprice-kline'`. */
  dataset?: 'kline' | 'markprice-kline'
  symbol: string
  /** Step in minutes. */
  step: number
  /** At most this many candles, the newest of the range. @default all */
  limit?: number | undefined
}

/**
 * The candles of a range, oldest first, and how many the range holds in all.
 *
 * @example
 * ```ts
 * const range: CandleRange = { candles: [], total: 0 }
 * ```
 */
export interface CandleRange {
  candles: Kline[]
  /** Candles in the range, more than `candles.length` when `limit` cut the oldest. */
  total: number
}

/**
 * Open-interest history: every snapshot, or the last snapshot of each hour or day.
 *
 * @example
 * ```ts
 * const every: OpenInterestEvery = 'hour'
 * ```
 */
export type OpenInterestEvery = 'snapshot' | 'hour' | 'day'

/** A decimal as stored (`"97123.450000000000000000"`) in its shortest exact form. */
export const exact = (value: unknown): string => canonicalDecimal(String(value))

/**
 * `AND column >= from AND column < to` for the range, its values appended to `params`.
 *
 * @param column - The time column.
 * @param range - The range.
 * @param params - The statement's parameters so far.
 * @returns The SQL, empty for an open range.
 */
export function rangeFilter(column: string, range: TimeRange, params: DuckDBValue[]): string {
  let sql = ''
  if (range.from !== undefined) {
    params.push(BigInt(range.from))
    sql += ` AND ${column} >= make_timestamp_ms($${params.length}::BIGINT)`
  }
  if (range.to !== undefined) {
    params.push(BigInt(range.to))
    sql += ` AND ${column} < make_timestamp_ms($${params.length}::BIGINT)`
  }
  return sql
}

/** Runs a query, its rows as JSON-safe objects (BIGINT and DECIMAL as strings). */
export async function rows(
  conn: DuckDBConnection,
  sql: string,
  params: DuckDBValue[] = [],
): Promise<Record<string, unknown>[]> {
  return (await conn.runAndReadAll(sql, params)).getRowObjectsJson()
}

const seriesColumns = (time: string) =>
  `epoch_ms(min(${time})) AS first, epoch_ms(max(${time})) AS last, count(*) AS n`

function series(row: Record<string, unknown>): ArchiveSeries {
  return { first: Number(row.first), last: Number(row.last), rows: Number(row.n) }
}

/** Every series the archive holds. */
export async function readContents(conn: DuckDBConnection): Promise<ArchiveContents> {
  const candles = await rows(
    conn,
    `SELECT dataset, symbol, step, ${seriesColumns(CANDLE_TABLE.time)} FROM ${CANDLES}
     GROUP BY dataset, symbol, step ORDER BY dataset, symbol, step`,
  )
  const bySymbol = (table: string, time: string) =>
    rows(
      conn,
      `SELECT symbol, ${seriesColumns(time)} FROM ${table} GROUP BY symbol ORDER BY symbol`,
    )
  const funding = await bySymbol(FUNDING, FUNDING_TIME)
  const openInterest = await bySymbol(OI, OI_TIME)
  const trades = await bySymbol(TRADES, marketTrade.time)
  const depth = await rows(
    conn,
    `SELECT symbol, epoch_ms(min(t)) AS first, epoch_ms(max(t)) AS last, count(*) AS n
     FROM (SELECT DISTINCT symbol, ${depthDataset.time} AS t FROM ${DEPTH}) GROUP BY symbol ORDER BY symbol`,
  )
  const gaps = await rows(
    conn,
    `SELECT dataset, symbol, ${seriesColumns(GAPS.time)} FROM ${GAPS.table}
     GROUP BY dataset, symbol ORDER BY dataset, symbol`,
  )
  return {
    candles: candles.map((r) => ({
      dataset: String(r.dataset),
      symbol: String(r.symbol),
      step: Number(r.step),
      ...series(r),
    })),
    funding: funding.map((r) => ({ symbol: String(r.symbol), ...series(r) })),
    openInterest: openInterest.map((r) => ({ symbol: String(r.symbol), ...series(r) })),
    trades: trades.map((r) => ({ symbol: String(r.symbol), ...series(r) })),
    depth: depth.map((r) => ({ symbol: String(r.symbol), ...series(r) })),
    gaps: gaps.map((r) => ({ dataset: String(r.dataset), symbol: String(r.symbol), ...series(r) })),
  }
}

/** Candles of a range, oldest first (README: "Hourly candles of a range"). */
export async function readCandles(
  conn: DuckDBConnection,
  query: CandleQuery,
): Promise<CandleRange> {
  const params: DuckDBValue[] = [query.dataset ?? 'kline', query.symbol, query.step]
  const where = `dataset = $1 AND symbol = $2 AND step = $3${rangeFilter(CANDLE_TABLE.time, query, params)}`
  const [count] = await rows(conn, `SELECT count(*) AS n FROM ${CANDLES} WHERE ${where}`, params)
  const limit = query.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(query.limit))}`
  const found = await rows(
    conn,
    `SELECT * FROM (
       SELECT epoch_ms(open_time) AS t, open, high, low, close, volume FROM ${CANDLES}
       WHERE ${where} ORDER BY open_time DESC${limit}
     ) ORDER BY t`,
    params,
  )
  return {
    total: Number(count?.n ?? 0),
    candles: found.map((r) => ({
      timestamp: Number(r.t),
      openPrice: exact(r.open),
      highPrice: exact(r.high),
      lowPrice: exact(r.low),
      closePrice: exact(r.close),
      volume: exact(r.volume),
    })),
  }
}

/** Funding settlements of a range, oldest first (README: "Funding over a year"). */
export async function readFunding(
  conn: DuckDBConnection,
  symbol: string,
  range: TimeRange,
): Promise<FundingRateRecord[]> {
  const params: DuckDBValue[] = [symbol]
  const found = await rows(
    conn,
    `SELECT epoch_ms(${FUNDING_TIME}) AS t, funding_rate FROM ${FUNDING}
     WHERE symbol = $1${rangeFilter(FUNDING_TIME, range, params)} ORDER BY ${FUNDING_TIME}`,
    params,
  )
  return found.map((r) => ({
    symbol,
    fundingTime: Number(r.t),
    fundingRate: exact(r.funding_rate),
  }))
}

/** Open-interest history of a range, oldest first (README: "Open-interest history, hourly"). */
export async function readOpenInterest(
  conn: DuckDBConnection,
  symbol: string,
  range: TimeRange & { every?: OpenInterestEvery | undefined },
): Promise<OpenInterest[]> {
  const params: DuckDBValue[] = [symbol]
  const where = `symbol = $1${rangeFilter(OI_TIME, range, params)}`
  const every = range.every ?? 'snapshot'
  const sql =
    every === 'snapshot'
      ? `SELECT epoch_ms(${OI_TIME}) AS t, open_interest AS oi, open_interest_value AS v
         FROM ${OI} WHERE ${where} ORDER BY ${OI_TIME}`
      : `SELECT epoch_ms(time_bucket(INTERVAL 1 ${every === 'hour' ? 'HOUR' : 'DAY'}, ${OI_TIME}::TIMESTAMP)) AS t,
           last(open_interest ORDER BY ${OI_TIME}) AS oi,
           last(open_interest_value ORDER BY ${OI_TIME}) AS v
         FROM ${OI} WHERE ${where} GROUP BY 1 ORDER BY 1`
  return (await rows(conn, sql, params)).map((r) => ({
    symbol,
    timestamp: Number(r.t),
    openInterest: exact(r.oi),
    openInterestValue: exact(r.v),
  }))
}
