/**
 * Candles into the `candles` table as DuckDB data chunks. A window is
 * encoded as soon as it is fetched (while the previous group commits on
 * DuckDB's thread): open times and the five prices into typed arrays laid
 * out as DuckDB stores them, so nothing is boxed per value (no
 * `DuckDBValue`, no BigInt, no string cast). Inside the transaction the
 * windows are packed into one reused 2048-row chunk, a column at a time, and
 * appended; only `dataset` and `symbol` are set string by string.
 *
 * @module
 */
import {
  DECIMAL,
  type DuckDBAppender,
  DuckDBDataChunk,
  INTEGER,
  TIMESTAMP_MS,
  VARCHAR,
} from '@duckdb/node-api'
import duckdb from '@duckdb/node-bindings'
import type { Kline } from '@perpkit/schemas'
import { DECIMAL_BYTES, writeDecimal } from './decimal.ts'

/** Column order of the `candles` table. */
const COLUMN_TYPES = [
  VARCHAR,
  VARCHAR,
  INTEGER,
  TIMESTAMP_MS,
  DECIMAL(38, 18),
  DECIMAL(38, 18),
  DECIMAL(38, 18),
  DECIMAL(38, 18),
  DECIMAL(38, 18),
]
const DATASET = 0
const SYMBOL = 1
const STEP = 2
const OPEN_TIME = 3
const FIRST_PRICE = 4
const PRICE_KEYS = ['openPrice', 'highPrice', 'lowPrice', 'closePrice', 'volume'] as const
/** 16-bit limbs of one decimal. */
const LIMBS = DECIMAL_BYTES / 2
const TWO_32 = 4_294_967_296

/** Rows of one chunk: DuckDB's vector size (2048). */
const ROWS = duckdb.vector_size()

/** One series' window of candles, in DuckDB's layout. */
export interface EncodedCandles {
  dataset: string
  symbol: string
  step: number
  /** Candles in the window. */
  rows: number
  /** Open times (int64 epoch ms) as (low, high) 32-bit pairs. */
  times: Int32Array<ArrayBuffer>
  /** open, high, low, close, volume: DECIMAL(38,18), 8 limbs a row. */
  prices: Uint16Array<ArrayBuffer>[]
}

/**
 * The candles once each, ascending by open time (the API sends them
 * ascending; a repeated open time keeps its first candle, as a primary key
 * with `INSERT OR IGNORE` would).
 *
 * @param candles - One window's candles.
 * @returns The same array when it already is strictly ascending.
 */
function uniqueByTime(candles: readonly Kline[]): readonly Kline[] {
  let ascending = true
  for (let i = 1; i < candles.length && ascending; i++)
    ascending = (candles[i] as Kline).timestamp > (candles[i - 1] as Kline).timestamp
  if (ascending) return candles
  const sorted = [...candles].sort((a, b) => a.timestamp - b.timestamp) // stable: first wins
  return sorted.filter((c, i) => i === 0 || c.timestamp !== (sorted[i - 1] as Kline).timestamp)
}

/**
 * Encodes one window's candles (each open time once, ascending).
 *
 * @param series - Dataset, symbol, step of the window.
 * @param candles - Its candles.
 * @returns The window in DuckDB's layout.
 * @throws {@link RecorderError} when a price does not fit DECIMAL(38,18) exactly.
 */
export function encodeCandles(
  series: { dataset: string; symbol: string; step: number },
  candles: readonly Kline[],
): EncodedCandles {
  const unique = uniqueByTime(candles)
  const rows = unique.length
  const times = new Int32Array(rows * 2)
  const prices = PRICE_KEYS.map(() => new Uint16Array(rows * LIMBS))
  const [open, high, low, close, volume] = prices as [
    Uint16Array,
    Uint16Array,
    Uint16Array,
    Uint16Array,
    Uint16Array,
  ]
  for (let r = 0; r < rows; r++) {
    const candle = unique[r] as Kline
    const ms = candle.timestamp
    times[2 * r] = ms | 0 // ToInt32: the low 32 bits, two's complement
    times[2 * r + 1] = Math.floor(ms / TWO_32)
    writeDecimal(candle.openPrice, open, r)
    writeDecimal(candle.highPrice, high, r)
    writeDecimal(candle.lowPrice, low, r)
    writeDecimal(candle.closePrice, close, r)
    writeDecimal(candle.volume, volume, r)
  }
  return { dataset: series.dataset, symbol: series.symbol, step: series.step, rows, times, prices }
}

interface Chunk {
  chunk: DuckDBDataChunk
  steps: Int32Array<ArrayBuffer>
  times: Int32Array<ArrayBuffer>
  prices: Uint16Array<ArrayBuffer>[]
}

/** The one chunk and its column buffers, reused by every append. */
let shared: Chunk | undefined

function getChunk(): Chunk {
  shared ??= {
    chunk: DuckDBDataChunk.create(COLUMN_TYPES),
    steps: new Int32Array(ROWS),
    times: new Int32Array(ROWS * 2),
    prices: PRICE_KEYS.map(() => new Uint16Array(ROWS * LIMBS)),
  }
  return shared
}

/**
 * Appends encoded windows to an appender on `candles`, 2048 rows a chunk.
 * Synchronous from the first window to the last chunk, so the shared chunk
 * is never used by two appends at once.
 *
 * @param appender - An appender on the `candles` table, inside the windows' transaction.
 * @param windows - The windows.
 */
export function appendCandles(appender: DuckDBAppender, windows: readonly EncodedCandles[]): void {
  const buffers = getChunk()
  const rowsOf: { window: EncodedCandles; from: number; at: number; count: number }[] = []
  let filled = 0
  for (const window of windows)
    for (let from = 0; from < window.rows; ) {
      const count = Math.min(window.rows - from, ROWS - filled)
      rowsOf.push({ window, from, at: filled, count })
      from += count
      filled += count
      if (filled === ROWS) {
        flushChunk(appender, buffers, rowsOf, filled)
        rowsOf.length = 0
        filled = 0
      }
    }
  if (filled > 0) flushChunk(appender, buffers, rowsOf, filled)
}

function flushChunk(
  appender: DuckDBAppender,
  { chunk, steps, times, prices }: Chunk,
  parts: readonly { window: EncodedCandles; from: number; at: number; count: number }[],
  rows: number,
): void {
  const raw = chunk.chunk
  duckdb.data_chunk_reset(raw)
  duckdb.data_chunk_set_size(raw, rows)
  const dataset = duckdb.data_chunk_get_vector(raw, DATASET)
  const symbol = duckdb.data_chunk_get_vector(raw, SYMBOL)
  for (const { window, from, at, count } of parts) {
    steps.fill(window.step, at, at + count)
    times.set(window.times.subarray(from * 2, (from + count) * 2), at * 2)
    for (let k = 0; k < PRICE_KEYS.length; k++)
      (prices[k] as Uint16Array).set(
        (window.prices[k] as Uint16Array).subarray(from * LIMBS, (from + count) * LIMBS),
        at * LIMBS,
      )
    for (let r = at; r < at + count; r++) {
      duckdb.vector_assign_string_element(dataset, r, window.dataset)
      duckdb.vector_assign_string_element(symbol, r, window.symbol)
    }
  }
  copy(raw, STEP, steps, rows * 4)
  copy(raw, OPEN_TIME, times, rows * 8)
  for (let k = 0; k < PRICE_KEYS.length; k++)
    copy(raw, FIRST_PRICE + k, prices[k] as Uint16Array<ArrayBuffer>, rows * DECIMAL_BYTES)
  appender.appendDataChunk(chunk)
}

function copy(
  raw: duckdb.DataChunk,
  column: number,
  data: Int32Array<ArrayBuffer> | Uint16Array<ArrayBuffer>,
  bytes: number,
): void {
  duckdb.copy_data_to_vector(duckdb.data_chunk_get_vector(raw, column), 0, data.buffer, 0, bytes)
}
