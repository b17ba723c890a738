/**
 * Why an archive cannot be read or written: one error, one reason each.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'

/**
 * Why an archive cannot be read: `missing` (no such file), `not-duckdb`,
 * `not-archive` (a DuckDB file without the recorder's schema), `newer-schema`
 * (written by a newer recorder), `older-schema` (run any recorder command on
 * it once to migrate), `locked` (a process has it open for writing).
 *
 * @example
 * ```ts
 * const reason: ArchiveErrorReason = 'locked'
 * ```
 */
export type ArchiveErrorReason =
  | 'missing'
  | 'not-duckdb'
  | 'not-archive'
  | 'newer-schema'
  | 'older-schema'
  | 'locked'

/**
 * An archive that cannot be read, with the reason and a one-line message.
 *
 * @example
 * ```ts
 * import { ArchiveError, openArchive } from '@perpkit/recorder'
 *
 * try {
 *   await openArchive('market.duckdb')
 * } catch (error) {
 *   if (error instanceof ArchiveError && error.reason === 'locked') console.log(error.message)
 * }
 * ```
 */
export class ArchiveError extends RecorderError {
  override name = 'ArchiveError'
  /** Why it cannot be read. */
  readonly reason: ArchiveErrorReason

  constructor(reason: ArchiveErrorReason, message: string) {
    super(message, 1)
    this.reason = reason
  }
}
