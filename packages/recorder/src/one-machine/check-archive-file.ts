/**
 * What a `--db` path holds, found before DuckDB opens it for writing: nothing
 * yet, a recorder archive, an empty DuckDB database, or something that is not
 * an archive (a directory, a CSV, Parquet or SQLite file, someone else's
 * DuckDB database). DuckDB alone would open a CSV or Parquet file as an empty
 * in-memory database (what was stored is lost at exit), try to load an
 * extension for a SQLite file, and write into any DuckDB file.
 *
 * @module
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import { createInstance } from '../duckdb/offline.ts'

/** Why a path cannot be an archive. */
export type NotArchiveReason = 'directory' | 'no-directory' | 'not-duckdb' | 'not-archive'

/** What a path holds, when it can be opened as an archive. */
export type ArchiveFile =
  /** Nothing: the archive is created there. */
  | { kind: 'absent' }
  /** A DuckDB database with no table, view or sequence: it becomes the archive. */
  | { kind: 'empty' }
  /** A recorder archive of this schema version (possibly another version than this build's). */
  | { kind: 'archive'; version: number }

/** A path that is not an archive, and the one line that says so. */
export class NotArchiveError extends Error {
  override name = 'NotArchiveError'
  /** Why. */
  readonly reason: NotArchiveReason

  constructor(reason: NotArchiveReason, message: string) {
    super(message)
    this.reason = reason
  }
}

/** DuckDB's file header: an 8-byte checksum, then this magic. */
const DUCKDB_MAGIC = 'DUCK'

/** What the first bytes of a file say it is, for the message, if they say. */
function looksLike(head: Buffer): string | undefined {
  if (head.length === 0) return 'an empty file'
  const text = head.toString('latin1')
  if (text.startsWith('SQLite format 3\0')) return 'a SQLite database'
  if (text.startsWith('PAR1')) return 'a Parquet file'
  if (text.startsWith('PK\x03\x04')) return 'a ZIP archive'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'a gzip file'
  if (/^[\t\n\r\x20-\x7e]*$/.test(text)) return 'text (CSV, JSON or the like)'
  return undefined
}

function readHead(file: string): Buffer {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(16)
    return head.subarray(0, readSync(fd, head, 0, head.length, 0))
  } finally {
    closeSync(fd)
  }
}

/**
 * The user objects of the database and its schema version, read-only.
 *
 * @param conn - A connection to the database.
 * @returns Its tables, views and sequences (`schema.name`), and `meta.schema_version` if any.
 */
export async function readCatalog(
  conn: DuckDBConnection,
): Promise<{ objects: string[]; version: string | undefined }> {
  const objects = (
    await conn.runAndReadAll(
      `SELECT schema_name || '.' || table_name AS name FROM duckdb_tables() WHERE database_name = current_database() AND NOT internal
       UNION ALL SELECT schema_name || '.' || view_name FROM duckdb_views() WHERE database_name = current_database() AND NOT internal
       UNION ALL SELECT schema_name || '.' || sequence_name FROM duckdb_sequences() WHERE database_name = current_database()
       ORDER BY 1`,
    )
  )
    .getRowObjectsJson()
    .map((row) => String(row.name))
  if (!objects.includes('main.meta')) return { objects, version: undefined }
  try {
    const [row] = (
      await conn.runAndReadAll("SELECT value FROM main.meta WHERE key = 'schema_version'")
    ).getRowObjectsJson()
    return { objects, version: row === undefined ? undefined : String(row.value) }
  } catch {
    // A `meta` table of another shape: not the recorder's.
    return { objects, version: undefined }
  }
}

/**
 * The message of a DuckDB database that is not an archive.
 *
 * @param file - The path.
 * @param objects - What it holds.
 * @returns One line.
 */
export function notArchiveMessage(file: string, objects: readonly string[]): string {
  const shown = objects.slice(0, 5).map((name) => name.replace(/^main\./, ''))
  const more = objects.length > shown.length ? `, and ${objects.length - shown.length} more` : ''
  return `${file} is a DuckDB database but not a perpkit-recorder archive (it holds ${shown.join(', ')}${more}; no meta.schema_version)`
}

/**
 * Refuses a path whose file is not a DuckDB database, by its bytes: a
 * directory, a missing parent directory, a CSV, Parquet, SQLite or empty file.
 *
 * @param file - The path.
 * @returns `true` when a DuckDB file is there, `false` when nothing is (its directory exists).
 * @throws {@link NotArchiveError} otherwise.
 */
export function checkDuckDBFile(file: string): boolean {
  let stat: ReturnType<typeof statSync>
  try {
    stat = statSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    const parent = dirname(file)
    let dir: ReturnType<typeof statSync> | undefined
    try {
      dir = statSync(parent)
    } catch {}
    if (dir?.isDirectory()) return false
    throw new NotArchiveError('no-directory', `${file}: the directory ${parent} does not exist`)
  }
  if (stat.isDirectory())
    throw new NotArchiveError('directory', `${file} is a directory, not a DuckDB file`)
  if (!stat.isFile())
    throw new NotArchiveError('not-duckdb', `${file} is not a regular file, not a DuckDB database`)
  const head = readHead(file)
  if (head.subarray(8, 12).toString('latin1') !== DUCKDB_MAGIC) {
    const kind = looksLike(head)
    throw new NotArchiveError(
      'not-duckdb',
      `${file} is not a DuckDB database${kind === undefined ? '' : ` but ${kind}`}`,
    )
  }
  return true
}

/** Runs `work` on a read-only connection to the file (in its turn, for the store). */
type ReadOnly = <T>(work: (conn: DuckDBConnection) => Promise<T>) => Promise<T>

/**
 * Finds what a path holds without writing to it: its bytes first, then (for a
 * DuckDB file) its catalog, opened read-only.
 *
 * @param file - The path.
 * @param read - How the catalog is read on a read-only connection (the store takes its turn
 *   on the file for it); by default, the file is opened read-only and closed.
 * @returns What is there.
 * @throws {@link NotArchiveError} when the path cannot be an archive; DuckDB's
 *   error when it cannot be opened (locked by a writer, unreadable).
 */
export async function checkArchiveFile(file: string, read?: ReadOnly): Promise<ArchiveFile> {
  if (!checkDuckDBFile(file)) return { kind: 'absent' }
  const { objects, version } = await (read ?? openReadOnly(file))(readCatalog)
  if (objects.length === 0) return { kind: 'empty' }
  if (version === undefined || !/^\d+$/.test(version))
    throw new NotArchiveError('not-archive', notArchiveMessage(file, objects))
  return { kind: 'archive', version: Number(version) }
}

/** Opens `file` read-only for one piece of work, then closes it. */
function openReadOnly(file: string): ReadOnly {
  return async (work) => {
    const instance = await createInstance(file, { access_mode: 'READ_ONLY' })
    try {
      const conn = await instance.connect()
      try {
        return await work(conn)
      } finally {
        conn.closeSync()
      }
    } finally {
      instance.closeSync()
    }
  }
}
