/**
 * Candles into the shared Parquet tree: one new file per partition (dataset /
 * symbol / UTC date) that a job touches, written by an in-memory DuckDB with
 * `COPY ... TO` under a temporary name, then published by rename. The
 * columns are those `export` writes: step, open_time (TIMESTAMP_MS), and
 * open, high, low, close, volume as exact DECIMAL(38,18).
 *
 * @module
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import type { Kline } from '@perpkit/schemas'
import { appendCandles, encodeCandles } from '../store/candle-chunk.ts'
import { partitionDir, publish, TEMP_SUFFIX, uniqueName, utcDate } from './layout.ts'

/**
 * The staging table: the `candles` table's columns, so candles are encoded
 * once, the way the archive stores them. Files keep all but dataset and
 * symbol, which their partition directories name.
 */
const STAGE_COLUMNS = `dataset VARCHAR, symbol VARCHAR, step INTEGER, open_time TIMESTAMP_MS,
  open DECIMAL(38,18), high DECIMAL(38,18), low DECIMAL(38,18), close DECIMAL(38,18),
  volume DECIMAL(38,18)`
const FILE_COLUMNS = 'step, open_time, open, high, low, close, volume'

/** What a job wrote. */
export interface CandleFiles {
  /** Paths of the published files. */
  files: string[]
  candles: number
}

/** Writes candle files; one at a time per writer. */
export interface CandleParquetWriter {
  /**
   * Writes the candles of one series, one file per UTC date.
   *
   * @param series - Dataset, symbol, step, and a tag for the file names (the job id).
   * @param candles - The candles (any order; their open times are unique).
   * @returns The files published.
   */
  write(
    series: { dataset: string; symbol: string; step: number; tag: string },
    candles: readonly Kline[],
  ): Promise<CandleFiles>
  /** Frees the in-memory database. */
  close(): void
}

/** SQL text of a string literal. */
export const sqlString = (text: string): string => `'${text.replaceAll("'", "''")}'`

/**
 * Opens a writer into the tree at `out`.
 *
 * @param out - The tree's root (created when missing).
 * @param now - The clock, epoch ms, for file names.
 * @returns The writer.
 */
export async function openCandleWriter(
  out: string,
  now: () => number = Date.now,
): Promise<CandleParquetWriter> {
  mkdirSync(out, { recursive: true })
  // One thread and little memory: a worker's files are small, and several workers share a machine.
  const instance = await DuckDBInstance.create(':memory:', { threads: '1', memory_limit: '256MB' })
  const conn = await instance.connect()
  await conn.run(`CREATE TEMP TABLE stage (${STAGE_COLUMNS})`)
  let queue: Promise<unknown> = Promise.resolve()
  return {
    write: (series, candles) => {
      const next = queue.then(() => writeSeries(conn, out, series, candles, now))
      queue = next.catch(() => {})
      return next
    },
    close: () => {
      conn.closeSync()
      instance.closeSync()
    },
  }
}

async function writeSeries(
  conn: DuckDBConnection,
  out: string,
  series: { dataset: string; symbol: string; step: number; tag: string },
  candles: readonly Kline[],
  now: () => number,
): Promise<CandleFiles> {
  const byDate = new Map<string, Kline[]>()
  for (const candle of candles) {
    const date = utcDate(candle.timestamp)
    const list = byDate.get(date)
    if (list === undefined) byDate.set(date, [candle])
    else list.push(candle)
  }
  const files: string[] = []
  for (const [date, list] of byDate) {
    const dir = partitionDir(out, { dataset: series.dataset, symbol: series.symbol, date })
    mkdirSync(dir, { recursive: true })
    const name = uniqueName('part', series.tag, now())
    const temp = join(dir, `.${name}${TEMP_SUFFIX}`)
    const appender = await conn.createAppender('stage', 'main', 'temp')
    appendCandles(appender, [encodeCandles(series, list)])
    appender.closeSync()
    try {
      await conn.run(
        `COPY (SELECT ${FILE_COLUMNS} FROM stage ORDER BY open_time) TO ${sqlString(temp)} (FORMAT parquet, COMPRESSION zstd)`,
      )
      publish(temp, join(dir, name))
    } catch (error) {
      // Disk full or any other failure: no partial file is left under either name.
      rmSync(temp, { force: true })
      throw error
    } finally {
      await conn.run('DELETE FROM stage')
    }
    files.push(join(dir, name))
  }
  return { files, candles: candles.length }
}
