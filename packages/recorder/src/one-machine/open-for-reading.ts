/**
 * How `status` and `export` open an archive: read-only, taking turns with a
 * running recorder, so they work while it records and on a read-only copy.
 * An archive of an older schema is migrated first (opened for writing once),
 * as the recorder's commands always did.
 *
 * @module
 */
import { ArchiveError } from './archive-error.ts'
import { type ArchiveReader, openReader } from './open-archive.ts'
import { openStore } from './open-store.ts'

/**
 * Opens `file` for reading.
 *
 * @param file - The archive.
 * @param options - The longest wait for a turn (ms) and DuckDB's buffer pool.
 * @returns A reader; close it when done.
 * @throws {@link ArchiveError} when it cannot be read (missing, not an archive, locked).
 */
export async function openForReading(
  file: string,
  options: { waitMs: number; memoryLimit: string | undefined },
): Promise<ArchiveReader> {
  try {
    return await openReader(file, options)
  } catch (error) {
    if (!(error instanceof ArchiveError) || error.reason !== 'older-schema') throw error
  }
  return openStore(file, { mustExist: true, ...options })
}
