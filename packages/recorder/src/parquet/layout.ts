/**
 * The shared Parquet tree: `<out>/dataset=<d>/symbol=<s>/date=<YYYY-MM-DD>/<file>.parquet`
 * (hive partitioning, UTC dates), the layout `export` writes too. A file
 * appears only by a rename of a complete file, and its name is unique, so
 * writers on many machines never clash and a reader never sees half a file.
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

/** Marks a file still being written: readers' `*.parquet` globs skip it. */
export const TEMP_SUFFIX = '.tmp'

/** One partition directory's coordinates. */
export interface Partition {
  dataset: string
  symbol: string
  /** `YYYY-MM-DD` (UTC). */
  date: string
}

/**
 * The directory of a partition.
 *
 * @param out - The tree's root.
 * @param partition - Dataset, symbol, date.
 * @returns Its path.
 */
export function partitionDir(out: string, partition: Partition): string {
  return join(
    out,
    `dataset=${partition.dataset}`,
    `symbol=${partition.symbol}`,
    `date=${partition.date}`,
  )
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
 * Every partition of the tree with its files.
 *
 * @param out - The tree's root.
 * @param now - Epoch ms, for the age of temporary files.
 * @returns Partitions in dataset, symbol, date order.
 */
export function listPartitions(out: string, now: number): PartitionFiles[] {
  const result: PartitionFiles[] = []
  for (const dataset of entries(out, 'dataset='))
    for (const symbol of entries(join(out, `dataset=${dataset}`), 'symbol='))
      for (const date of entries(join(out, `dataset=${dataset}`, `symbol=${symbol}`), 'date=')) {
        const dir = partitionDir(out, { dataset, symbol, date })
        const names = readdirSync(dir).sort()
        result.push({
          dataset,
          symbol,
          date,
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
