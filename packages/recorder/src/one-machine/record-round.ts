/**
 * A round of `record`: every task fetches at once, then everything fetched
 * is written in one transaction, last writes included (one commit a round,
 * not one a task: a DuckDB commit costs ~6 ms of CPU however little it holds).
 *
 * @module
 */
import { StorageError } from '../duckdb/storage-error.ts'
import { ArchiveError } from './archive-error.ts'
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

/** A task's fetch that succeeded: its write, not run yet. */
export interface Fetched {
  task: Task
  write: Write
}

/**
 * Fetches every task at once; a failed fetch is reported and left out.
 *
 * @param tasks - The round's tasks.
 * @param report - Where failures go.
 * @returns The writes of the fetches that succeeded, in task order.
 */
export async function fetchRound(tasks: readonly Task[], report: RoundReport): Promise<Fetched[]> {
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
  return fetched.filter((f) => f !== undefined)
}

/** Whether `error` says the archive stayed locked by another process (turns.ts). */
export function isLocked(error: unknown): boolean {
  return error instanceof ArchiveError && error.reason === 'locked'
}

/**
 * Writes what was fetched (of one round or several, in order) in one
 * transaction; a failed write rolls it back, and then each write is tried in
 * its own transaction, so only the failing one is lost and reported. A file
 * that stays locked is thrown, nothing written, for the caller to try again;
 * a storage failure (a full disk, no memory left) is thrown too: no write can
 * succeed, and `record` stops.
 *
 * @param store - The archive.
 * @param ready - The writes, oldest first.
 * @param report - Where results and failures go.
 */
export async function writeFetched(
  store: Store,
  ready: readonly Fetched[],
  report: RoundReport,
): Promise<void> {
  if (ready.length === 0) return
  let results: Written[]
  try {
    results = await writeAll(
      store,
      ready.map((r) => r.write),
    )
  } catch (error) {
    // A full disk or no memory left fails every write: the command stops, saying so.
    if (isLocked(error) || error instanceof StorageError) throw error
    for (const { task, write } of ready) {
      try {
        const [result] = await writeAll(store, [write])
        report.written(task, result as Written)
      } catch (error) {
        if (isLocked(error) || error instanceof StorageError) throw error
        report.failed(task, error)
      }
    }
    return
  }
  ready.forEach(({ task }, i) => {
    report.written(task, results[i] as Written)
  })
}

/**
 * Fetches every task, then writes what was fetched in one transaction (see
 * {@link writeFetched}).
 *
 * @param store - The archive.
 * @param tasks - The round's tasks.
 * @param report - Where results and failures go.
 */
export async function runRound(store: Store, tasks: readonly Task[], report: RoundReport) {
  await writeFetched(store, await fetchRound(tasks, report), report)
}
