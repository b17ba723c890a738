/**
 * `export`: every dataset of an archive, and its gap rows, into the Parquet
 * layout the shared tree has (`<out>/<dataset>/symbol=<s>/date=<d>/`), by
 * the one Parquet writer; or as CSV with a header. Each root is written in
 * bounded batches (`export-batches.ts`), so memory stays within DuckDB's
 * limit whatever the archive's size.
 *
 * @module
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { sqlString } from '../duckdb/sql.ts'
import { datasetLayout, GAPS_LAYOUT, type ParquetLayout, utcDate } from '../parquet/layout.ts'
import {
  type FileFormat,
  selectFileColumns,
  writeFile,
  writePartitions,
} from '../parquet/write-parquet.ts'
import { type DatePartition, type ExportBatch, exportBatches } from './export-batches.ts'
import type { StoreReader } from './open-store.ts'
import { selectDataset } from './select-dataset.ts'

/** One root exported. */
export interface ExportedRoot {
  /** The dataset's name, or `gaps`. */
  dataset: string
  rows: number
  files: number
}

/** The partitions of a root's rows: symbol, UTC date, rows. */
async function datePartitions(store: StoreReader, source: string): Promise<DatePartition[]> {
  const rows = await store.all(
    `SELECT symbol, epoch_ms(date_trunc('day', time_)) AS day, count(*) AS n
     FROM (${source}) GROUP BY ALL ORDER BY symbol, day`,
  )
  return rows.map((r) => ({ symbol: String(r.symbol), day: Number(r.day), rows: Number(r.n) }))
}

/** Writes one batch; returns its files. */
async function writeBatch(
  store: StoreReader,
  layout: ParquetLayout,
  source: string,
  dir: string,
  batch: ExportBatch,
  format: FileFormat,
): Promise<string[]> {
  const rows = `(${source}) WHERE symbol = ${sqlString(batch.symbol)}
    AND time_ >= make_timestamp_ms(${batch.from}) AND time_ < make_timestamp_ms(${batch.to})`
  const partitions = batch.days.map((day) => `symbol=${batch.symbol}/date=${utcDate(day)}`)
  if (batch.days.length === 1) {
    // One date, however big: streamed into its one file.
    mkdirSync(join(dir, partitions[0] as string), { recursive: true })
    const file = join(dir, partitions[0] as string, `${layout.root}_0.${format}`)
    await store.use((conn) =>
      writeFile(
        conn,
        selectFileColumns(layout, rows),
        file,
        format,
        `${layout.root}/${partitions[0]}`,
      ),
    )
    return [file]
  }
  const query = selectFileColumns(layout, rows, ['symbol', `strftime(time_, '%Y-%m-%d') AS date`])
  return store.use((conn) =>
    writePartitions(conn, query, dir, { prefix: layout.root, format, partitions }),
  )
}

/**
 * Exports the archive into `out` (which the caller checked is empty or absent).
 *
 * @param store - The archive.
 * @param out - The directory.
 * @param format - `parquet` or `csv`.
 * @param onRoot - Called after each root written (roots without rows are skipped).
 */
export async function exportArchive(
  store: StoreReader,
  out: string,
  format: FileFormat,
  onRoot: (root: ExportedRoot) => void,
): Promise<void> {
  const roots: [ParquetLayout, string][] = [
    ...store.datasets.map((d): [ParquetLayout, string] => [datasetLayout(d), selectDataset(d)]),
    [GAPS_LAYOUT, `SELECT *, ${GAPS_LAYOUT.time} AS time_ FROM gaps`],
  ]
  for (const [layout, source] of roots) {
    const partitions = await datePartitions(store, source)
    if (partitions.length === 0) continue
    let files = 0
    for (const batch of exportBatches(partitions))
      files += (await writeBatch(store, layout, source, join(out, layout.root), batch, format))
        .length
    const rows = partitions.reduce((sum, p) => sum + p.rows, 0)
    onRoot({ dataset: layout.root, rows, files })
  }
}
