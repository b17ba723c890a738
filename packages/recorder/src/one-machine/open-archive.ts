/**
 * Reading an archive without writing to it: opened read-only, never created
 * or migrated, with one error per reason it cannot be read (missing, not
 * DuckDB, not an archive, another schema, locked by a writer). Readers take
 * turns with writers (turns.ts): a reader waits for a writer to let go, and
 * gives the file up when a writer waits, between two of its queries.
 *
 * @module
 */
import { accessSync, constants, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, resolve } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import type { FundingRateRecord, OpenInterest } from '@perpkit/schemas'
import { datasets as declared } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { ArchiveError } from './archive-error.ts'
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
  type DepthSnapshot,
  type GapQuery,
  type GapRow,
  readDepth,
  readGaps,
  readTrades,
  type TradeQuery,
  type TradeRange,
} from './archive-recorded.ts'
import {
  checkDuckDBFile,
  NotArchiveError,
  notArchiveMessage,
  readCatalog,
} from './check-archive-file.ts'
import { connectionTurns } from './connection-turns.ts'
import type { StoreReader } from './open-store.ts'
import { SCHEMA_VERSION } from './schema.ts'
import { turnTimeout } from './turns.ts'

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
  /** Trades of a symbol over a range, oldest first; the newest `limit` when given. */
  trades(query: TradeQuery): Promise<TradeRange>
  /** The depth snapshot of a symbol at or before `at` (ms; default the newest), or null. */
  depth(symbol: string, at?: number): Promise<DepthSnapshot | null>
  /** Gap rows (spans `record` did not capture), oldest first. */
  gaps(query?: GapQuery): Promise<GapRow[]>
  /** Closes the file (at once, or after the query in flight). */
  close(): void
}

function openError(file: string, error: unknown): ArchiveError {
  const message = error instanceof Error ? error.message : String(error)
  const timeout = turnTimeout(error)
  if (timeout !== undefined) {
    const pid = timeout.pid
    return new ArchiveError(
      'locked',
      `${file} is open for writing by another process${pid ? ` (PID ${pid})` : ''}, which did not let go within ${Math.round(timeout.waitedMs / 100) / 10} s: a perpkit-recorder lets readers in between its writes, so this is a process that does not take turns (an older perpkit-recorder, the duckdb CLI). DuckDB lets one process write a file or several read it, never both at once: stop that process, or read a copy`,
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
 * How long {@link openArchive} waits, by default, for a writer to let go of the
 * file, in ms: a recorder lets go within a write (its round, or a backfill's group).
 *
 * @example
 * ```ts
 * import { ARCHIVE_WAIT_MS, openArchive } from '@perpkit/recorder'
 *
 * const archive = await openArchive('market.duckdb', { waitMs: 3 * ARCHIVE_WAIT_MS })
 * archive.close()
 * ```
 */
export const ARCHIVE_WAIT_MS = 10_000

/**
 * How {@link openArchive} opens an archive.
 *
 * @example
 * ```ts
 * const options: OpenArchiveOptions = { waitMs: 30_000 }
 * ```
 */
export interface OpenArchiveOptions {
  /**
   * Longest wait for a writer to let go of the file, ms, each time the archive
   * opens it (a running recorder lets go between its writes).
   * @default 10000
   */
  waitMs?: number | undefined
}

/** An archive open read-only for the commands (`status`, `export`). */
export interface ArchiveReader extends StoreReader {
  /** Closes the file. */
  close(): void
}

/** Whether this process may create files in `dir`. */
function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Opens a recorder archive read-only, taking turns with writers, for the
 * commands and for {@link openArchive}.
 *
 * @param file - Path of the DuckDB file.
 * @param options - The wait, and the datasets (default the declared ones).
 * @returns The reader; close it when done.
 * @throws {@link ArchiveError} (see {@link openArchive}).
 */
export async function openReader(
  file: string,
  options: OpenArchiveOptions & {
    datasets?: readonly Dataset[] | undefined
    /** DuckDB's buffer pool (`--memory-limit`); DuckDB's own default when omitted. */
    memoryLimit?: string | undefined
  } = {},
): Promise<ArchiveReader> {
  if (!existsSync(file))
    throw new ArchiveError('missing', `${file} does not exist: record or backfill into it first`)
  try {
    // By its bytes first: DuckDB opens a CSV or Parquet path as an empty in-memory database.
    checkDuckDBFile(file)
  } catch (error) {
    if (error instanceof NotArchiveError) throw new ArchiveError('not-duckdb', error.message)
    throw error
  }
  const settings: Record<string, string> = { access_mode: 'READ_ONLY' }
  if (options.memoryLimit !== undefined) settings.memory_limit = options.memoryLimit
  // Spilling goes next to the file, unless that is read-only (a read-only mount or copy).
  if (!writable(dirname(resolve(file)))) settings.temp_directory = tmpdir()
  const turns = connectionTurns({
    file,
    mode: 'read',
    waitMs: options.waitMs ?? ARCHIVE_WAIT_MS,
    settings,
  })
  const use = async <T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> => {
    let opened = false
    try {
      return await turns.use((conn) => {
        opened = true
        return work(conn)
      })
    } catch (error) {
      // Failing to open is a reason the archive cannot be read; a failing query is not.
      if (opened || error instanceof ArchiveError) throw error
      throw openError(file, error)
    }
  }
  try {
    const version = await use((conn) => schemaVersion(conn, file))
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
    await turns.release()
    throw error
  }
  return {
    datasets: options.datasets ?? declared,
    use,
    all: (sql, params) =>
      use(async (conn) => (await conn.runAndReadAll(sql, params)).getRowObjectsJson()),
    close: () => {
      void turns.release()
    },
  }
}

/**
 * Opens a recorder archive read-only: never creates, migrates or writes it.
 * Several readers may read it at once, and a running recorder lets them in
 * between its writes: each query waits for its turn (up to `waitMs`), and
 * the archive gives the file up between two queries when a writer waits.
 *
 * @param file - Path of the DuckDB file.
 * @param options - How long to wait for a writer to let go; see {@link OpenArchiveOptions}.
 * @returns The open archive; close it when done.
 * @throws {@link ArchiveError} when the file is missing, not DuckDB, not an
 *   archive, of another schema version, or held for writing by a process
 *   that did not let go within the wait.
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
export async function openArchive(
  file: string,
  options: OpenArchiveOptions = {},
): Promise<Archive> {
  const reader = await openReader(file, options)
  return {
    file,
    contents: () => reader.use(readContents),
    candles: (query) => reader.use((conn) => readCandles(conn, query)),
    funding: (symbol, range = {}) => reader.use((conn) => readFunding(conn, symbol, range)),
    openInterest: (symbol, range = {}) =>
      reader.use((conn) => readOpenInterest(conn, symbol, range)),
    trades: (query) => reader.use((conn) => readTrades(conn, query)),
    depth: (symbol, at) => reader.use((conn) => readDepth(conn, symbol, at)),
    gaps: (query = {}) => reader.use((conn) => readGaps(conn, query)),
    close: reader.close,
  }
}
