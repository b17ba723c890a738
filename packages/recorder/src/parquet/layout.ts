/**
 * The Parquet layout `export` and the shared tree both write: each dataset
 * under a root of its own, `<out>/<dataset>/symbol=<s>/date=<YYYY-MM-DD>/`
 * (hive partitioning, UTC dates), so a reader pointed at one root reads one
 * schema; gap rows under `<out>/gaps/`. In the tree a file appears only whole
 * (a rename on a disk, a `PUT` in an object store: `many-machines/tree-store.ts`),
 * and its name is unique, so writers on many machines never clash and a
 * reader never sees half a file.
 *
 * @module
 */
import { randomBytes } from 'node:crypto'
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
  /** Candles: `step` and `open_time`, which `compact` checks for step alignment. */
  candles: boolean
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
    candles: dataset.kind === 'candles',
  }
}

/** Gap rows: the `gaps` table's columns, `dataset` (the one that lost rows) included. */
export const GAPS_LAYOUT: ParquetLayout = {
  root: GAPS.table,
  columns: [['dataset', 'text'], ...Object.entries(GAPS.columns)],
  key: ['dataset', ...GAPS.key],
  time: GAPS.time,
  candles: false,
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
 * The key of a partition in a tree: its path below the tree's root, with `/` separators
 * (on a disk and in an object store alike).
 *
 * @param partition - Root, symbol, date.
 * @returns `<root>/symbol=<symbol>/date=<date>`.
 */
export function partitionKey(partition: Partition): string {
  return `${partition.root}/symbol=${partition.symbol}/date=${partition.date}`
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
