/**
 * How `status` and `export` open an archive: read-only, taking turns with a
 * running recorder, so they work while it records and on a read-only copy.
 * An archive of an older schema is migrated first (opened for writing once),
 * as the recorder's commands always did. A path that is not an archive is
 * refused as the writing commands refuse it (exit 2, one line), and a
 * storage failure (no memory left) comes out as one line.
 *
 * @module
 */
import { storageFailure } from '../duckdb/storage-error.ts'
import { RecorderError } from '../errors.ts'
import { ArchiveError } from './archive-error.ts'
import { type ArchiveReader, openReader } from './open-archive.ts'
import { openStore } from './open-store.ts'

/**
 * Opens `file` for reading.
 *
 * @param file - The archive.
 * @param options - The longest wait for a turn (ms) and DuckDB's buffer pool.
 * @returns A reader; close it when done.
 * @throws {@link RecorderError} (exit 2) for a path that is not an archive;
 *   {@link ArchiveError} when it cannot be read otherwise (missing, newer, locked).
 */
export async function openForReading(
  file: string,
  options: { waitMs: number; memoryLimit: string | undefined },
): Promise<ArchiveReader> {
  const explain = (error: unknown) =>
    storageFailure(error, { file, memoryLimit: options.memoryLimit }) ?? error
  let reader: ArchiveReader
  try {
    reader = await openReader(file, options)
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw explain(error)
    if (error.reason === 'not-duckdb' || error.reason === 'not-archive')
      throw new RecorderError(
        `${error.message}: nothing was written; point --db at a recorder archive or a new file`,
      )
    if (error.reason !== 'older-schema') throw error
    return openStore(file, { mustExist: true, ...options })
  }
  return {
    ...reader,
    use: (work) =>
      reader.use(work).catch((error: unknown) => {
        throw explain(error)
      }),
    all: (sql, params) =>
      reader.all(sql, params).catch((error: unknown) => {
        throw explain(error)
      }),
  }
}
