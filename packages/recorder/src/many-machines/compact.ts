/**
 * Compaction of the shared tree: each partition's files become one sorted
 * file without duplicates. Several workers may have written the same rows
 * (a job retried, or re-run after its worker died); each root keeps one row
 * per key of its declaration (candles by step and open time, trades by
 * content and occurrence, settlements by settlement time, snapshots by poll
 * time, gap rows by dataset and start), the newest file winning. The merged
 * file, written by the one Parquet writer, is published before its inputs
 * are removed, so a crash leaves duplicates (removed by the next run), never
 * a loss.
 *
 * @module
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import { datasets as declared } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { createInstance } from '../duckdb/create-instance.ts'
import { sqlList, sqlString } from '../duckdb/sql.ts'
import { RecorderError } from '../errors.ts'
import {
  listPartitions,
  type ParquetLayout,
  type PartitionFiles,
  publish,
  TEMP_SUFFIX,
  treeLayouts,
  uniqueName,
} from '../parquet/layout.ts'
import { selectFileColumns, writeParquetFile } from '../parquet/write-parquet.ts'

/** Where unreadable files are moved, outside every `dataset=` glob. */
export const QUARANTINE = '_quarantine'

/** A temporary file this old belongs to a writer that died. */
const STALE_TEMP_MS = 3_600_000

/** One partition's outcome. */
export interface CompactedPartition {
  /** The root: a dataset's name, or `gaps`. */
  dataset: string
  symbol: string
  date: string
  files: number
  rowsIn: number
  rowsOut: number
  /** Files that could not be read, moved under `_quarantine/`. */
  quarantined: string[]
}

/** Totals of a run. */
export interface CompactSummary {
  partitions: number
  compacted: number
  filesIn: number
  rowsIn: number
  rowsOut: number
  duplicates: number
  quarantined: number
  staleTemps: number
}

/** `DISTINCT ON` the layout's key, the newest file first (names start with their write time). */
function dedupSql(layout: ParquetLayout, files: string[]): string {
  const source = `read_parquet(${sqlList(files)}, filename = true, union_by_name = true, hive_partitioning = false)`
  const key = layout.key.join(', ')
  return `${selectFileColumns(
    layout,
    `(SELECT DISTINCT ON (${key}) * FROM ${source} ORDER BY ${key}, filename DESC)`,
  )} ORDER BY ALL`
}

async function readable(conn: DuckDBConnection, file: string): Promise<boolean> {
  try {
    await conn.run(`SELECT count(*) FROM read_parquet(${sqlString(file)})`)
    return true
  } catch {
    return false
  }
}

async function compactPartition(
  conn: DuckDBConnection,
  out: string,
  partition: PartitionFiles,
  now: number,
): Promise<CompactedPartition> {
  const result: CompactedPartition = {
    dataset: partition.root,
    symbol: partition.symbol,
    date: partition.date,
    files: partition.files.length,
    rowsIn: 0,
    rowsOut: 0,
    quarantined: [],
  }
  const good: string[] = []
  for (const file of partition.files) {
    if (await readable(conn, file)) good.push(file)
    else {
      const target = join(out, QUARANTINE, `${relative(out, file)}.corrupt`)
      mkdirSync(dirname(target), { recursive: true })
      renameSync(file, target)
      result.quarantined.push(relative(out, file))
    }
  }
  if (good.length === 0) return result
  const [counted] = (
    await conn.runAndReadAll(
      `SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlList(good)}, union_by_name = true)`,
    )
  ).getRowObjectsJson()
  result.rowsIn = Number(counted?.n)
  if (good.length === 1) {
    result.rowsOut = result.rowsIn
    return result
  }
  const name = uniqueName('compacted', 'merged', now)
  const temp = join(partition.dir, `.${name}${TEMP_SUFFIX}`)
  try {
    await writeParquetFile(conn, dedupSql(partition.layout, good), temp)
    const [written] = (
      await conn.runAndReadAll(
        `SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlString(temp)})`,
      )
    ).getRowObjectsJson()
    result.rowsOut = Number(written?.n)
    publish(temp, join(partition.dir, name))
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
  // Only now: a crash before this line leaves the inputs and the merged file, both complete.
  for (const file of good) rmSync(file, { force: true })
  return result
}

/**
 * Takes the tree's compaction lock (a file created exclusively), so two
 * compactions never merge the same files.
 *
 * @param out - The tree's root.
 * @returns A release function.
 */
function lock(out: string): () => void {
  const file = join(out, '.compact.lock')
  let fd: number
  try {
    fd = openSync(file, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    let holder = ''
    try {
      holder = readFileSync(file, 'utf8').trim()
    } catch {}
    throw new RecorderError(
      `another compaction holds ${file}${holder ? ` (${holder})` : ''}: wait for it, or remove the file if that process is gone`,
      1,
    )
  }
  writeSync(fd, `pid ${process.pid}`)
  closeSync(fd)
  return () => rmSync(file, { force: true })
}

/**
 * Compacts every partition of the tree at `out`.
 *
 * @param out - The tree's root.
 * @param now - Epoch ms (names of merged files, age of temporary files).
 * @param onPartition - Called after each partition with more than one file or a bad one.
 * @param datasets - The datasets whose roots are compacted (default the declared ones).
 * @returns Totals.
 */
export async function compactTree(
  out: string,
  now: number,
  onPartition: (partition: CompactedPartition) => void = () => {},
  datasets: readonly Dataset[] = declared,
): Promise<CompactSummary> {
  const release = lock(out)
  const instance = await createInstance(':memory:', {
    threads: '2',
    memory_limit: '1GB',
  })
  const conn = await instance.connect()
  const summary: CompactSummary = {
    partitions: 0,
    compacted: 0,
    filesIn: 0,
    rowsIn: 0,
    rowsOut: 0,
    duplicates: 0,
    quarantined: 0,
    staleTemps: 0,
  }
  try {
    for (const partition of listPartitions(out, treeLayouts(datasets), now)) {
      for (const temp of partition.temps)
        if (temp.ageMs > STALE_TEMP_MS) {
          rmSync(temp.path, { force: true })
          summary.staleTemps++
        }
      if (partition.files.length === 0) continue
      const done = await compactPartition(conn, out, partition, now)
      summary.partitions++
      summary.filesIn += done.files
      summary.rowsIn += done.rowsIn
      summary.rowsOut += done.rowsOut
      summary.quarantined += done.quarantined.length
      if (done.files > 1 || done.quarantined.length > 0) {
        summary.compacted++
        onPartition(done)
      }
    }
    summary.duplicates = summary.rowsIn - summary.rowsOut
    return summary
  } finally {
    conn.closeSync()
    instance.closeSync()
    release()
  }
}
