/**
 * Reading an archive without writing to it: opened read-only, never created
 * or migrated, with one error per reason it cannot be read (missing, not
 * DuckDB, not an archive, another schema, locked by a writer).
 *
 * @module
 */
import { existsSync } from 'node:fs'
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import type { FundingRateRecord, OpenInterest } from '@perpkit/schemas'
import { readLockError } from '../duckdb/lock-error.ts'
import { createInstance } from '../duckdb/offline.ts'
import { RecorderError } from '../errors.ts'
import {
  type ArchiveContents,
  type CandleQuery,
  type CandleRange,
  type OpenInterestEvery,
  readCandles,
  readContents,
  readFunding,
  readOpenInterest,
  type TimeRange,
} from './archive-queries.ts'
import {
  checkDuckDBFile,
  NotArchiveError,
  notArchiveMessage,
  readCatalog,
} from './check-archive-file.ts'
import { SCHEMA_VERSION } from './schema.ts'

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

/**
 * An archive open for reading. Close it soon: while it is open, DuckDB lets
 * no other process open the file for writing (a recorder cannot start).
 *
 * @example
 * ```ts
 * import { openArchive } from '@perpkit/recorder'
 *
 * const archive = await openArchive('market.duckdb')
 * try {
 *   const { candles } = await archive.candles({ symbol: 'BTCUSDT', step: 60 })
 *   console.log(candles.length, candles.at(-1)?.closePrice)
 * } finally {
 *   archive.close()
 * }
 * ```
 */
export interface Archive {
  /** The file. */
  readonly file: string
  /** Every stored series, with its first and last time and row count. */
  contents(): Promise<ArchiveContents>
  /** Candles of a range, oldest first; the newest `limit` when given. */
  candles(query: CandleQuery): Promise<CandleRange>
  /** Funding settlements of a symbol over a range, oldest first. */
  funding(symbol: string, range?: TimeRange): Promise<FundingRateRecord[]>
  /** Open interest of a symbol over a range, oldest first: each snapshot, or the last of each hour or day. */
  openInterest(
    symbol: string,
    range?: TimeRange & { every?: OpenInterestEvery | undefined },
  ): Promise<OpenInterest[]>
  /** Closes the file. */
  close(): void
}

function openError(file: string, error: unknown): ArchiveError {
  const message = error instanceof Error ? error.message : String(error)
  const lock = readLockError(error)
  if (lock !== undefined) {
    const pid = lock.pid
    return new ArchiveError(
      'locked',
      `${file} is open for writing by another process${pid ? ` (PID ${pid})` : ''}, probably a running perpkit-recorder: DuckDB lets one process write a file or several read it, never both at once. Stop the recorder (Ctrl-C finishes its round) to read the archive, or read a copy made while it is stopped`,
    )
  }
  if (/not a valid DuckDB database/i.test(message))
    return new ArchiveError('not-duckdb', `${file} is not a DuckDB database`)
  return new ArchiveError('not-duckdb', `cannot open ${file}: ${message}`)
}

async function schemaVersion(conn: DuckDBConnection, file: string): Promise<number> {
  const { objects, version } = await readCatalog(conn)
  if (version === undefined || !/^\d+$/.test(version))
    throw new ArchiveError(
      'not-archive',
      objects.length === 0
        ? `${file} is an empty DuckDB database, not a perpkit-recorder archive (no meta.schema_version)`
        : notArchiveMessage(file, objects),
    )
  return Number(version)
}

/**
 * Opens a recorder archive read-only: never creates, migrates or writes it.
 * Several readers may hold it at once, but not while a process writes it.
 *
 * @param file - Path of the DuckDB file.
 * @returns The open archive; close it when done.
 * @throws {@link ArchiveError} when the file is missing, not DuckDB, not an
 *   archive, of another schema version, or open for writing by another process.
 * @example
 * ```ts
 * import { openArchive } from '@perpkit/recorder'
 *
 * const archive = await openArchive('market.duckdb')
 * const settlements = await archive.funding('BTCUSDT', { from: Date.UTC(2025, 0, 1) })
 * archive.close()
 * console.log(settlements.length)
 * ```
 */
export async function openArchive(file: string): Promise<Archive> {
  if (!existsSync(file))
    throw new ArchiveError('missing', `${file} does not exist: record or backfill into it first`)
  let instance: DuckDBInstance
  try {
    // By its bytes first: DuckDB opens a CSV or Parquet path as an empty in-memory database.
    checkDuckDBFile(file)
  } catch (error) {
    if (error instanceof NotArchiveError) throw new ArchiveError('not-duckdb', error.message)
    throw error
  }
  try {
    instance = await createInstance(file, { access_mode: 'READ_ONLY' })
  } catch (error) {
    throw openError(file, error)
  }
  const conn = await instance.connect()
  const close = () => {
    conn.closeSync()
    instance.closeSync()
  }
  try {
    const version = await schemaVersion(conn, file)
    if (version > SCHEMA_VERSION)
      throw new ArchiveError(
        'newer-schema',
        `${file} has schema version ${version}, newer than this recorder's ${SCHEMA_VERSION}: upgrade @perpkit/recorder`,
      )
    if (version < SCHEMA_VERSION)
      throw new ArchiveError(
        'older-schema',
        `${file} has schema version ${version}, older than this recorder's ${SCHEMA_VERSION}: run \`perpkit-recorder status --db ${file}\` once to migrate it`,
      )
  } catch (error) {
    close()
    throw error
  }
  return {
    file,
    contents: () => readContents(conn),
    candles: (query) => readCandles(conn, query),
    funding: (symbol, range = {}) => readFunding(conn, symbol, range),
    openInterest: (symbol, range = {}) => readOpenInterest(conn, symbol, range),
    close,
  }
}
