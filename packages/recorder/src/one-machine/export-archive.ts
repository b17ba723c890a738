/**
 * `export`: every dataset of an archive, and its gap rows, into the Parquet
 * layout the shared tree has (`<out>/<dataset>/symbol=<s>/date=<d>/`), by
 * the one Parquet writer; or as CSV with a header.
 *
 * @module
 */
import { join } from 'node:path'
import { datasetLayout, GAPS_LAYOUT, type ParquetLayout } from '../parquet/layout.ts'
import { selectFileColumns, writePartitions } from '../parquet/write-parquet.ts'
import type { StoreReader } from './open-store.ts'
import { selectDataset } from './select-dataset.ts'

/** One root exported. */
export interface ExportedRoot {
  /** The dataset's name, or `gaps`. */
  dataset: string
  rows: number
  files: number
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
  format: 'parquet' | 'csv',
  onRoot: (root: ExportedRoot) => void,
): Promise<void> {
  const roots: [ParquetLayout, string][] = [
    ...store.datasets.map((d): [ParquetLayout, string] => [datasetLayout(d), selectDataset(d)]),
    [GAPS_LAYOUT, `SELECT *, ${GAPS_LAYOUT.time} AS time_ FROM gaps`],
  ]
  for (const [layout, source] of roots) {
    const [count] = await store.all(`SELECT count(*) AS n FROM (${source})`)
    const rows = Number(count?.n ?? 0)
    if (rows === 0) continue
    const query = selectFileColumns(layout, `(${source})`, [
      'symbol',
      `strftime(time_, '%Y-%m-%d') AS date`,
    ])
    const files = await store.use((conn) =>
      writePartitions(conn, query, join(out, layout.root), {
        prefix: layout.root,
        format,
      }),
    )
    onRoot({ dataset: layout.root, rows, files: files.length })
  }
}
