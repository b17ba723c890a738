/**
 * A worker's writes into the shared Parquet tree: one new file per
 * partition (root / symbol / UTC date) a job or a poll touches, staged in an
 * in-memory DuckDB, written by the one Parquet writer under a temporary name,
 * then published by rename. Candles are staged by the same chunk path the
 * archive's `candles` table is filled by; other rows by the one `VALUES`
 * builder, each decimal checked to fit first.
 *
 * @module
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Kline } from '@perpkit/schemas'
import type { AnyRow } from '../datasets/columns.ts'
import type { CandleDataset } from '../datasets/define.ts'
import { CANDLE_TABLE } from '../datasets/define-candles.ts'
import { columnsSql, createTableSql } from '../datasets/table.ts'
import { createInstance } from '../duckdb/create-instance.ts'
import { insertValues } from '../duckdb/values.ts'
import { appendCandles, encodeCandles } from '../duckdb-vector/candle-chunk.ts'
import {
  datasetLayout,
  type ParquetLayout,
  partitionDir,
  publish,
  TEMP_SUFFIX,
  uniqueName,
  utcDate,
} from '../parquet/layout.ts'
import { selectFileColumns, writeParquetFile } from '../parquet/write-parquet.ts'

/** What a backfill job wrote. */
export interface CandleFiles {
  /** Paths of the published files. */
  files: string[]
  candles: number
}

/** Writes files into the tree; calls are serialised. */
export interface TreeWriter {
  /**
   * Writes the candles of one series, one file per UTC date.
   *
   * @param dataset - The candle dataset.
   * @param series - Symbol, step, and a tag for the file names (the job id).
   * @param candles - The candles (any order; their open times are unique).
   * @returns The files published.
   */
  writeCandles(
    dataset: CandleDataset,
    series: { symbol: string; step: number; tag: string },
    candles: readonly Kline[],
  ): Promise<CandleFiles>
  /**
   * Writes rows of one root and symbol, one file per UTC date of their time column.
   *
   * @param layout - The root's layout.
   * @param series - Symbol, and a tag for the file names.
   * @param rows - The rows.
   * @returns Paths of the published files.
   */
  writeRows(
    layout: ParquetLayout,
    series: { symbol: string; tag: string },
    rows: readonly AnyRow[],
  ): Promise<string[]>
  /** Frees the in-memory database. */
  close(): void
}

function byDate<T>(items: readonly T[], time: (item: T) => number): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const date = utcDate(time(item))
    const list = groups.get(date)
    if (list === undefined) groups.set(date, [item])
    else list.push(item)
  }
  return groups
}

/**
 * Opens a writer into the tree at `out`.
 *
 * @param out - The tree's root (created when missing).
 * @param now - The clock, epoch ms, for file names.
 * @returns The writer.
 * @example
 * ```ts
 * const writer = await openTreeWriter('/data/tree')
 * // ... writer.writeCandles(...), writer.writeRows(...) as jobs and polls complete
 * writer.close()
 * ```
 */
export async function openTreeWriter(
  out: string,
  now: () => number = Date.now,
): Promise<TreeWriter> {
  mkdirSync(out, { recursive: true })
  // One thread and little memory: a worker's files are small, and several workers share a machine.
  const instance = await createInstance(':memory:', {
    threads: '1',
    memory_limit: '256MB',
  })
  const conn = await instance.connect()
  await conn.run(createTableSql(CANDLE_TABLE, 'stage_candles'))
  const staged = new Set<string>()
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(write: () => Promise<T>): Promise<T> => {
    const next = queue.then(write)
    queue = next.catch(() => {})
    return next
  }

  /** Writes what `fill` stages into one published file of a partition, then empties the stage. */
  const writeFile = async (
    layout: ParquetLayout,
    partition: { symbol: string; date: string; tag: string },
    stage: string,
    fill: () => Promise<void>,
  ): Promise<string> => {
    const dir = partitionDir(out, { root: layout.root, ...partition })
    mkdirSync(dir, { recursive: true })
    const name = uniqueName('part', partition.tag, now())
    const temp = join(dir, `.${name}${TEMP_SUFFIX}`)
    try {
      await fill()
      await writeParquetFile(conn, `${selectFileColumns(layout, stage)} ORDER BY ALL`, temp)
      publish(temp, join(dir, name))
    } catch (error) {
      // Disk full or any other failure: no partial file is left under either name.
      rmSync(temp, { force: true })
      throw error
    } finally {
      await conn.run(`DELETE FROM ${stage}`)
    }
    return join(dir, name)
  }

  return {
    writeCandles: (dataset, series, candles) =>
      serial(async () => {
        const layout = datasetLayout(dataset)
        const files: string[] = []
        for (const [date, list] of byDate(candles, (c) => c.timestamp))
          files.push(
            await writeFile(layout, { ...series, date }, 'stage_candles', async () => {
              const appender = await conn.createAppender('stage_candles')
              try {
                appendCandles(appender, [encodeCandles({ dataset: dataset.name, ...series }, list)])
              } finally {
                appender.closeSync()
              }
            }),
          )
        return { files, candles: candles.length }
      }),
    writeRows: (layout, series, rows) =>
      serial(async () => {
        const stage = `stage_${layout.root.replaceAll('-', '_')}`
        if (!staged.has(stage)) {
          await conn.run(`CREATE TABLE ${stage} (${columnsSql(layout.columns).join(', ')})`)
          staged.add(stage)
        }
        const files: string[] = []
        for (const [date, list] of byDate(rows, (r) => Number(r[layout.time])))
          files.push(
            await writeFile(layout, { ...series, date }, stage, async () => {
              await insertValues(
                conn,
                stage,
                layout.columns,
                list.map((row) => layout.columns.map(([name]) => row[name])),
              )
            }),
          )
        return files
      }),
    close: () => {
      conn.closeSync()
      instance.closeSync()
    },
  }
}
