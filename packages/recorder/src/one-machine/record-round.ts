/**
 * A round of `record`: every task fetches at once, then everything fetched
 * is written in one transaction, last writes included (one commit a round,
 * not one a task: a DuckDB commit costs ~6 ms of CPU however little it holds).
 *
 * @module
 */
import { StorageError } from '../duckdb/storage-error.ts'
import { createLastWrites } from './last-writes.ts'
import type { Store } from './open-store.ts'
import type { Task, Write, Written } from './record-tasks.ts'

/** What a round reports: each task's rows written, or its failure. */
export interface RoundReport {
  written(task: Task, result: Written): void
  failed(task: Task, error: unknown): void
}

/** Runs `writes` and stores their last writes, in one transaction. */
function writeAll(store: Store, writes: readonly Write[]): Promise<Written[]> {
  return store.transaction(async (conn) => {
    const lastWrites = createLastWrites()
    const results: Written[] = []
    for (const write of writes) results.push(await write(conn, lastWrites))
    await lastWrites.flush(conn)
    return results
  })
}

/**
 * Fetches every task, then writes what was fetched in one transaction. A
 * failed fetch is reported and the others are written; a failed write rolls
 * the round back, and then each write is tried in its own transaction, so
 * only the failing one is lost and reported. A storage failure (a full disk,
 * no memory left) is thrown: no write can succeed, and `record` stops.
 *
 * @param store - The archive.
 * @param tasks - The round's tasks.
 * @param report - Where results and failures go.
 */
export async function runRound(store: Store, tasks: readonly Task[], report: RoundReport) {
  const fetched = await Promise.all(
    tasks.map(async (task) => {
      try {
        return { task, write: await task.fetch() }
      } catch (error) {
        report.failed(task, error)
        return undefined
      }
    }),
  )
  const ready = fetched.filter((f) => f !== undefined)
  if (ready.length === 0) return
  let results: Written[]
  try {
    results = await writeAll(
      store,
      ready.map((r) => r.write),
    )
  } catch (error) {
    // A full disk or no memory left fails every write: the command stops, saying so.
    if (error instanceof StorageError) throw error
    for (const { task, write } of ready) {
      try {
        const [result] = await writeAll(store, [write])
        report.written(task, result as Written)
      } catch (error) {
        if (error instanceof StorageError) throw error
        report.failed(task, error)
      }
    }
    return
  }
  ready.forEach(({ task }, i) => {
    report.written(task, results[i] as Written)
  })
}
