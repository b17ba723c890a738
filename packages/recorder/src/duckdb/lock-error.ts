/**
 * The one reader of DuckDB's lock error: a file another process holds open
 * for writing ("Could not set lock on file ... Conflicting lock is held in
 * ... (PID 1234)").
 *
 * @module
 */

/** A lock conflict, with the holder's PID when DuckDB names it. */
export interface LockConflict {
  pid: string | undefined
}

/**
 * Reads a DuckDB error as a lock conflict.
 *
 * @param error - What DuckDB threw.
 * @returns The conflict, or undefined when the error is something else.
 */
export function readLockError(error: unknown): LockConflict | undefined {
  const message = error instanceof Error ? error.message : String(error)
  if (!/Could not set lock|Conflicting lock/i.test(message)) return undefined
  return { pid: /PID (\d+)/.exec(message)?.[1] }
}
