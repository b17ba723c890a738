/**
 * A worker's writes into the shared Parquet tree: one new file per
 * partition (root / symbol / UTC date) a job or a poll touches, staged in an
 * in-memory DuckDB, written and sealed by the one Parquet writer into a
 * staged file, then published whole by the tree's store (a rename on a disk,
 * one `PUT` in a bucket) under a name no other writer picks. Candles are staged by the same chunk path the
 * archive's `candles` table is filled by; other rows by the one `VALUES`
 * builder, each decimal checked to fit first.
 *
 * @module
 */
import { rmSync } from 'node:fs'
import type { Kline } from '@perpkit/schemas'
import type { AnyRow } from '../datasets/columns.ts'
import type { CandleDataset } from '../datasets/define.ts'
import { CANDLE_TABLE } from '../datasets/define-candles.ts'
import { columnsSql, createTableSql } from '../datasets/table.ts'
import { createInstance } from '../duckdb/offline.ts'
import { insertValues } from '../duckdb/values.ts'
import { appendCandles, encodeCandles } from '../duckdb-vector/candle-chunk.ts'
import {
  datasetLayout,
  type ParquetLayout,
  partitionKey,
  uniqueName,
  utcDate,
} from '../parquet/layout.ts'
import { selectFileColumns, writeParquetFile } from '../parquet/write-parquet.ts'
import { resolveTree, type Tree } from './tree-store.ts'

/** What a backfill job wrote. */
export interface CandleFiles {
  /** The published files (paths, or `s3://` URLs). */
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
   * @returns The published files (paths, or `s3://` URLs).
   */
  writeRows(
    layout: ParquetLayout,
    series: { symbol: string; tag: string },
    rows: readonly AnyRow[],
  ): Promise<string[]>
  /** Frees the in-memory database (and the store, when the writer opened it). */
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
 * Opens a writer into a tree.
 *
 * @param tree - The tree: a directory, an `s3://` URL, a location, or an open store (which
 *   the writer does not close).
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
  tree: Tree,
  now: () => number = Date.now,
): Promise<TreeWriter> {
  const { store, close: closeStore } = await resolveTree(tree)
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
    const dir = partitionKey({ root: layout.root, ...partition })
    const key = `${dir}/${uniqueName('part', partition.tag, now())}`
    const staged = store.stage(key)
    try {
      await fill()
      await writeParquetFile(conn, `${selectFileColumns(layout, stage)} ORDER BY ALL`, staged, dir)
      await store.publish(staged, key)
    } catch (error) {
      // Disk full, a failed upload or any other failure: nothing is published.
      rmSync(staged, { force: true })
      throw error
    } finally {
      await conn.run(`DELETE FROM ${stage}`)
    }
    return store.url(key)
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
      closeStore()
    },
  }
}
