/**
 * Compaction of the shared tree: each partition's files become one sorted
 * file without duplicates. Several workers may have written the same rows
 * (a job retried, or re-run after its worker died); each root keeps one row
 * per key of its declaration (candles by step and open time, trades by
 * content and occurrence, settlements by settlement time, snapshots by poll
 * time, gap rows by dataset and start), the newest file winning.
 *
 * No row is published again unchecked, and no good copy is deleted:
 * 1. every file of the partition is read whole and checked (`check-file.ts`);
 *    a file that fails is moved under `_quarantine/` (never deleted) and named;
 * 2. the files that pass are merged by the one Parquet writer, and the merged
 *    file is checked the same way (and must hold one row per distinct key of
 *    its inputs) before it is published;
 * 3. only then are its inputs removed.
 * A crash at any point leaves complete files (duplicates, removed by the next
 * run), never a loss. A partition already merged (one `compacted-` file) is
 * skipped unless `scrub` asks to read it again.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import { datasets as declared } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { createInstance } from '../duckdb/offline.ts'
import { sqlList } from '../duckdb/sql.ts'
import { type ParquetLayout, treeLayouts, uniqueName } from '../parquet/layout.ts'
import { selectFileColumns, writeParquetFile } from '../parquet/write-parquet.ts'
import { type CheckTarget, checkFile, expectedShapes } from './check-file.ts'
import { listPartitions, type PartitionFiles } from './tree-partitions.ts'
import { type Tree, type TreeStore, withTree } from './tree-store.ts'

/** Where refused files are moved, outside every dataset's root. */
export const QUARANTINE = '_quarantine'

/** The compaction lock's key. */
const COMPACT_LOCK = '.compact.lock'

/** Names of compaction's own files start with this. */
const COMPACTED = 'compacted'

/** A temporary file this old belongs to a writer that died. */
const STALE_TEMP_MS = 3_600_000

/** A file moved aside, and why. */
export interface QuarantinedFile {
  /** Where it was (a path, or an `s3://` URL). */
  file: string
  /** Where it is now. */
  movedTo: string
  reason: string
}

/** One partition's outcome. */
interface CompactedPartition {
  /** The root: a dataset's name, or `gaps`. */
  dataset: string
  symbol: string
  date: string
  files: number
  rowsIn: number
  rowsOut: number
  /** Files refused by the checks, moved under `_quarantine/`. */
  quarantined: QuarantinedFile[]
}

/** Totals of a run. */
export interface CompactSummary {
  partitions: number
  /** Partitions rewritten as one merged file. */
  compacted: number
  /** Partitions holding one merged file already, not read again (see `scrub`). */
  skipped: number
  filesIn: number
  rowsIn: number
  rowsOut: number
  duplicates: number
  quarantined: number
  staleTemps: number
}

/** How a run goes. */
export interface CompactOptions {
  /** Epoch ms (names of merged files, age of temporary files). */
  now: number
  /** Called after each partition rewritten or with a refused file. */
  onPartition?: ((partition: CompactedPartition) => void) | undefined
  /** The datasets whose roots are compacted. @default the declared ones */
  datasets?: readonly Dataset[] | undefined
  /** Read partitions already merged again, to find damage since. @default false */
  scrub?: boolean | undefined
  /** Called with a note for the operator (a lock the store cannot make exclusive). */
  onNote?: ((note: string) => void) | undefined
}

/** `DISTINCT ON` the layout's key, the newest file first (names start with their write time). */
function dedupSql(layout: ParquetLayout, files: string[]): string {
  return `${selectFileColumns(layout, `(SELECT DISTINCT ON (${layout.key.join(', ')}) * FROM ${readSql(files)} ORDER BY ${layout.key.join(', ')}, filename DESC)`)} ORDER BY ALL`
}

const readSql = (files: string[]) =>
  `read_parquet(${sqlList(files)}, filename = true, union_by_name = true, hive_partitioning = false)`

const fileName = (key: string) => key.slice(key.lastIndexOf('/') + 1)

interface Run {
  conn: DuckDBConnection
  scratch: string
  shapes: Map<string, Promise<string[]>>
  datasets: readonly string[]
  now: number
}

async function compactPartition(
  run: Run,
  store: TreeStore,
  partition: PartitionFiles,
): Promise<{ done: CompactedPartition; merged: boolean }> {
  const result: CompactedPartition = {
    dataset: partition.root,
    symbol: partition.symbol,
    date: partition.date,
    files: partition.files.length,
    rowsIn: 0,
    rowsOut: 0,
    quarantined: [],
  }
  const target: CheckTarget = {
    layout: partition.layout,
    date: partition.date,
    key: partition.key,
    datasets: run.datasets,
  }
  let shapes = run.shapes.get(partition.root)
  if (shapes === undefined) {
    shapes = expectedShapes(run.conn, partition.layout, run.scratch)
    run.shapes.set(partition.root, shapes)
  }
  const expected = await shapes
  const scratch = mkdtempSync(join(run.scratch, 'partition-'))
  try {
    const good: { key: string; path: string }[] = []
    for (const key of partition.files) {
      const path = await store.read(key, scratch)
      const verdict = await checkFile(run.conn, path, target, expected)
      if (verdict.ok) {
        good.push({ key, path })
        result.rowsIn += verdict.rows
        continue
      }
      const movedTo = `${QUARANTINE}/${key}.corrupt`
      await store.move(key, movedTo, path)
      result.quarantined.push({
        file: store.url(key),
        movedTo: store.url(movedTo),
        reason: verdict.reason,
      })
    }
    const only = good.length === 1 ? good[0] : undefined
    if (good.length === 0 || (only !== undefined && fileName(only.key).startsWith(COMPACTED))) {
      result.rowsOut = result.rowsIn
      return { done: result, merged: false }
    }
    const paths = good.map((g) => g.path)
    const [distinct] = (
      await run.conn.runAndReadAll(
        `SELECT count(*)::BIGINT AS n FROM (SELECT DISTINCT ${partition.layout.key.join(', ')} FROM ${readSql(paths)})`,
      )
    ).getRowObjectsJson()
    const key = `${partition.key}/${uniqueName(COMPACTED, 'merged', run.now)}`
    const staged = store.stage(key)
    try {
      await writeParquetFile(run.conn, dedupSql(partition.layout, paths), staged, partition.key)
      // The merged file passes the same checks as its inputs, with a row per distinct key.
      const verdict = await checkFile(run.conn, staged, target, expected)
      if (!verdict.ok || verdict.rows !== Number(distinct?.n))
        throw new Error(
          `compact: the merged file of ${partition.key} failed its own check (${verdict.ok ? `${verdict.rows} rows, ${distinct?.n} keys` : verdict.reason}); nothing was published or removed`,
        )
      result.rowsOut = verdict.rows
      await store.publish(staged, key)
    } catch (error) {
      rmSync(staged, { force: true })
      throw error
    }
    // Only now: a crash before this line leaves the inputs and the merged file, both complete.
    await store.remove(good.map((g) => g.key))
    return { done: result, merged: true }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * Compacts every partition of a tree.
 *
 * @param tree - The tree: a directory, an `s3://` URL, or an open store.
 * @param options - The clock, callbacks, datasets, scrub.
 * @returns Totals.
 */
export async function compactTree(tree: Tree, options: CompactOptions): Promise<CompactSummary> {
  return withTree(tree, async (store) => {
    const lock = await store.lock(
      COMPACT_LOCK,
      `pid ${process.pid} on ${hostname()} since ${new Date(options.now).toISOString()}`,
    )
    if (lock.unguarded)
      options.onNote?.(
        `${store.where} ignores conditional writes (If-None-Match), so the compaction lock is not exclusive there: run one compaction at a time (two at once duplicate work, never lose rows)`,
      )
    const datasets = options.datasets ?? declared
    const summary: CompactSummary = {
      partitions: 0,
      compacted: 0,
      skipped: 0,
      filesIn: 0,
      rowsIn: 0,
      rowsOut: 0,
      duplicates: 0,
      quarantined: 0,
      staleTemps: 0,
    }
    const scratch = mkdtempSync(join(tmpdir(), 'perpkit-compact-'))
    let instance: DuckDBInstance | undefined
    try {
      instance = await createInstance(':memory:', {
        threads: '2',
        memory_limit: '1GB',
      })
      const conn = await instance.connect()
      const run: Run = {
        conn,
        scratch,
        shapes: new Map(),
        datasets: datasets.map((d) => d.name),
        now: options.now,
      }
      try {
        for (const partition of await listPartitions(store, treeLayouts(datasets), options.now)) {
          const stale = partition.temps.filter((t) => t.ageMs > STALE_TEMP_MS).map((t) => t.key)
          await store.remove(stale)
          summary.staleTemps += stale.length
          if (partition.files.length === 0) continue
          summary.partitions++
          const [first] = partition.files
          if (
            !options.scrub &&
            partition.files.length === 1 &&
            fileName(first as string).startsWith(COMPACTED)
          ) {
            summary.skipped++
            continue
          }
          const { done, merged } = await compactPartition(run, store, partition)
          summary.filesIn += done.files
          summary.rowsIn += done.rowsIn
          summary.rowsOut += done.rowsOut
          summary.quarantined += done.quarantined.length
          if (merged) summary.compacted++
          if (merged || done.quarantined.length > 0) options.onPartition?.(done)
        }
      } finally {
        conn.closeSync()
      }
      summary.duplicates = summary.rowsIn - summary.rowsOut
      return summary
    } finally {
      instance?.closeSync()
      rmSync(scratch, { recursive: true, force: true })
      await lock.release()
    }
  })
}
