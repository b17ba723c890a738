/**
 * The Parquet layout `export` and the shared tree both write: each dataset
 * under a root of its own, `<out>/<dataset>/symbol=<s>/date=<YYYY-MM-DD>/`
 * (hive partitioning, UTC dates), so a reader pointed at one root reads one
 * schema; gap rows under `<out>/gaps/`. In the tree a file appears only by a
 * rename of a complete file, and its name is unique, so writers on many
 * machines never clash and a reader never sees half a file.
 *
 * @module
 */
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
} from 'node:fs'
import { join } from 'node:path'
import type { Dataset } from '../datasets/define.ts'
import type { ColumnDef } from '../datasets/table.ts'
import { GAPS } from '../datasets/tables.ts'

/** Marks a file still being written: readers' `*.parquet` globs skip it. */
export const TEMP_SUFFIX = '.tmp'

/** What a Parquet root holds: its files' columns (symbol and date are partitions) and key. */
export interface ParquetLayout {
  /** The root directory's name: the dataset's name, or `gaps`. */
  root: string
  /** File columns, in order. */
  columns: ColumnDef[]
  /** The columns identifying a row within a partition (what compaction keeps one of). */
  key: string[]
  /** The time column: partitions by UTC date. */
  time: string
}

/**
 * The layout of a dataset's root: its own columns (the root names the dataset, the
 * directories the symbol and date), keyed as its table is.
 *
 * @param dataset - The dataset.
 * @returns Its layout.
 */
export function datasetLayout(dataset: Dataset): ParquetLayout {
  return {
    root: dataset.name,
    columns: Object.entries(dataset.columns),
    key: [...dataset.key],
    time: dataset.time,
  }
}

/** Gap rows: the `gaps` table's columns, `dataset` (the one that lost rows) included. */
export const GAPS_LAYOUT: ParquetLayout = {
  root: GAPS.table,
  columns: [['dataset', 'text'], ...Object.entries(GAPS.columns)],
  key: ['dataset', ...GAPS.key],
  time: GAPS.time,
}

/**
 * Every root of a tree holding `datasets`: theirs, then gap rows.
 *
 * @param datasets - The datasets.
 * @returns The layouts.
 */
export function treeLayouts(datasets: readonly Dataset[]): ParquetLayout[] {
  return [...datasets.map(datasetLayout), GAPS_LAYOUT]
}

/** One partition directory's coordinates. */
export interface Partition {
  root: string
  symbol: string
  /** `YYYY-MM-DD` (UTC). */
  date: string
}

/**
 * The directory of a partition.
 *
 * @param out - The tree's root.
 * @param partition - Root, symbol, date.
 * @returns Its path.
 */
export function partitionDir(out: string, partition: Partition): string {
  return join(out, partition.root, `symbol=${partition.symbol}`, `date=${partition.date}`)
}

/** The UTC date of an epoch-ms time, `YYYY-MM-DD`. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * A name no other writer can pick: the write time (so names sort by age),
 * what wrote it, and random bytes.
 *
 * @param prefix - `part` for a worker's file, `compacted` for compaction's.
 * @param tag - What wrote it (a job id), letters, digits, `.`, `_`, `-`.
 * @param now - Epoch ms.
 * @returns `<prefix>-<13-digit ms>-<tag>-<16 hex>.parquet`.
 */
export function uniqueName(prefix: string, tag: string, now: number): string {
  return `${prefix}-${String(now).padStart(13, '0')}-${tag}-${randomBytes(8).toString('hex')}.parquet`
}

/**
 * Makes a fully written temporary file visible under its final name: fsync
 * the data, then an atomic rename within the directory.
 *
 * @param temp - The written file.
 * @param final - Its name in the tree.
 */
export function publish(temp: string, final: string): void {
  const fd = openSync(temp, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, final)
}

/** A partition directory and its published files (absolute paths, sorted by name). */
export interface PartitionFiles extends Partition {
  layout: ParquetLayout
  dir: string
  files: string[]
  /** Temporary files (a writer at work, or one that died), with their age in ms. */
  temps: { path: string; ageMs: number }[]
}

const entries = (dir: string, prefix: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name.startsWith(prefix))
        .map((e) => e.name.slice(prefix.length))
        .sort()
    : []

/**
 * Every partition of the tree's declared roots, with its files.
 *
 * @param out - The tree's root.
 * @param layouts - The roots to list.
 * @param now - Epoch ms, for the age of temporary files.
 * @returns Partitions in root, symbol, date order.
 */
export function listPartitions(
  out: string,
  layouts: readonly ParquetLayout[],
  now: number,
): PartitionFiles[] {
  const result: PartitionFiles[] = []
  for (const layout of layouts)
    for (const symbol of entries(join(out, layout.root), 'symbol='))
      for (const date of entries(join(out, layout.root, `symbol=${symbol}`), 'date=')) {
        const dir = partitionDir(out, { root: layout.root, symbol, date })
        const names = readdirSync(dir).sort()
        result.push({
          root: layout.root,
          symbol,
          date,
          layout,
          dir,
          files: names
            .filter((n) => n.endsWith('.parquet') && !n.startsWith('.'))
            .map((n) => join(dir, n)),
          temps: names
            .filter((n) => n.endsWith(TEMP_SUFFIX))
            .map((n) => ({ path: join(dir, n), ageMs: now - statSync(join(dir, n)).mtimeMs })),
        })
      }
  return result
}
