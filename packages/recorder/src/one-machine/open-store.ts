/**
 * Opening the DuckDB file for writing: created on first use, migrated to the
 * current schema, refused when it is not an archive (checked read-only first,
 * see `check-archive-file.ts`) or written by a newer build. Its storage
 * failures (a full disk, no memory left) come out as one line
 * (`duckdb/storage-error.ts`). The store holds the file only until another
 * party waits for it (turns.ts): it closes the file at its next quiet moment
 * and opens it again, in its turn, for its next statement, so readers and
 * other writers get the file between its writes.
 *
 * @module
 */
import { existsSync } from 'node:fs'
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'
import { datasets as declared } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { readLockError } from '../duckdb/lock-error.ts'
import { storageFailure } from '../duckdb/storage-error.ts'
import { RecorderError } from '../errors.ts'
import { ArchiveError } from './archive-error.ts'
import { type ArchiveFile, checkArchiveFile, NotArchiveError } from './check-archive-file.ts'
import { connectionTurns } from './connection-turns.ts'
import { migrations, reconcile, SCHEMA_VERSION } from './schema.ts'
import { turnTimeout } from './turns.ts'

/**
 * An open archive: one connection, statements serialized, each batch its own
 * transaction, the file held between them only while nobody else waits.
 */
export interface Store {
  /** The datasets its tables hold. */
  datasets: readonly Dataset[]
  /** Runs a statement. */
  run(sql: string, params?: DuckDBValue[]): Promise<void>
  /** Runs a query and returns its rows as JSON-safe objects (BIGINT and DECIMAL as strings). */
  all(sql: string, params?: DuckDBValue[]): Promise<Record<string, unknown>[]>
  /** Runs `work` with the connection (appenders), the file held, after the statements queued. */
  use<T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T>
  /** Runs `write` inside one transaction, after the writes queued before it. */
  transaction<T>(write: (conn: DuckDBConnection) => Promise<T>): Promise<T>
  /**
   * Hands the memory DuckDB's allocators hold freed back to the system, after
   * the writes queued before it: the table blocks DuckDB cached and what its
   * allocators keep once freed (see `releaseMemory` in open-store.ts).
   */
  releaseMemory(): Promise<void>
  /** Closes the connection and the file (after the statements queued). */
  close(): void
}

/** What reading an archive needs: the datasets, queries, the connection for a while. */
export type StoreReader = Pick<Store, 'datasets' | 'all' | 'use'>

/** How {@link openStore} opens the archive. */
export interface OpenStoreOptions {
  /** Refuse to create a missing file (status, export). */
  mustExist?: boolean
  /** DuckDB's buffer pool (default 64 MB). */
  memoryLimit?: string | undefined
  /** The datasets whose tables it holds (default the declared ones). */
  datasets?: readonly Dataset[]
  /** Longest wait for a turn on the file, ms, each time it is opened. @default Infinity */
  waitMs?: number | undefined
  /** Called when a wait for a turn begins, with the holder's PID when DuckDB names it. */
  onWait?: ((pid: string | undefined) => void) | undefined
}

/**
 * DuckDB's buffer pool, unless `--memory-limit` says otherwise. Its own
 * default, 80 % of the machine's memory, lets a long-running recorder keep
 * every table block it ever wrote cached, so its RSS grows with the archive.
 * Bounded, older blocks are evicted (and big queries spill to a temporary
 * directory next to the file). 64 MB holds a backfill's working set: its
 * write groups (~3 MB each), the write-ahead log until a checkpoint and the
 * blocks being filled (see bench/year-rss.ts).
 */
const DEFAULT_MEMORY_LIMIT = '64MB'

/**
 * What DuckDB's buffer manager holds besides cached table blocks: the tables'
 * rows not yet checkpointed, indexes, transactions. Those cannot be dropped
 * without spilling them to disk; cached blocks of checkpointed data can (they
 * are read back from the file when a query needs them).
 */
const HELD_SQL =
  "SELECT coalesce(sum(memory_usage_bytes) FILTER (WHERE tag <> 'BASE_TABLE'), 0)::BIGINT AS held FROM duckdb_memory()"

/**
 * Room left above what is held when dropping cached blocks, so the pass never
 * asks DuckDB for a limit it cannot meet while a page or two is in use.
 */
const DROP_MARGIN_BYTES = 1024 * 1024

/**
 * Hands memory back in two steps, both by setting the buffer pool's limit:
 *
 * 1. Down to what is {@link HELD_SQL held} (plus {@link DROP_MARGIN_BYTES}):
 *    DuckDB evicts the table blocks it cached, which a recorder writes and
 *    never reads again. Unevicted, the cache grows with the archive up to the
 *    limit (bench/year-rss.ts: +14 MB over a year of 1m candles at 64 MB,
 *    more with a bigger `--memory-limit`). Should DuckDB still not meet the
 *    lower limit (something was pinned meanwhile), it refuses and keeps the
 *    old one; the blocks then go on the next call.
 * 2. Back to the store's own limit: DuckDB flushes its allocators. Its
 *    bundled jemalloc purges the pages freed in every arena, and glibc's
 *    `malloc_trim(0)` returns the free pages of every malloc arena (DuckDB's
 *    own objects, on the threads that ran queries). Left alone, DuckDB does
 *    so only when its worker threads idle for half a second, which a
 *    backfill never lets happen (206 → 256 MB over the same year).
 */
async function releaseMemory(conn: DuckDBConnection, memoryLimit: string): Promise<void> {
  const [row] = (await conn.runAndReadAll(HELD_SQL)).getRows()
  const held = Number(row?.[0] ?? 0)
  try {
    await conn.run(`SET memory_limit = '${held + DROP_MARGIN_BYTES}B'`)
  } catch (error) {
    if (!/could not free up enough memory/i.test(String(error))) throw error
  }
  await conn.run(`SET memory_limit = '${memoryLimit}'`)
}

function friendly(file: string, error: unknown, memoryLimit?: string): never {
  const timeout = turnTimeout(error)
  if (timeout !== undefined)
    throw new ArchiveError(
      'locked',
      `${file} is locked by another process${timeout.pid ? ` (PID ${timeout.pid})` : ''}, which did not let go within ${formatWait(timeout.waitedMs)}: a process that does not take turns (an older perpkit-recorder, the duckdb CLI) or a long export; stop it, raise --wait, or use another --db`,
    )
  if (error instanceof RecorderError) throw error
  const lock = readLockError(error)
  if (lock !== undefined)
    throw new RecorderError(
      `${file} is locked by another process${lock.pid ? ` (PID ${lock.pid})` : ''}: stop it or use another --db`,
      1,
    )
  const storage = storageFailure(error, { file, memoryLimit })
  if (storage !== undefined) throw storage
  throw new RecorderError(
    `cannot open ${file}: ${error instanceof Error ? error.message : String(error)}`,
    1,
  )
}

/** A wait as the messages say it: `0 s`, `2.5 s`, `60 s`. */
function formatWait(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`
}

/**
 * Opens (or, unless `mustExist`, creates) the archive and brings its schema up to date.
 *
 * @param file - Path of the DuckDB file.
 * @param options - See {@link OpenStoreOptions}.
 * @returns The store.
 */
export async function openStore(file: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (options.mustExist && !existsSync(file)) {
    throw new RecorderError(`${file} does not exist: run backfill or record first`, 1)
  }
  const waitMs = options.waitMs ?? Number.POSITIVE_INFINITY
  // Read-only first, in its turn: nothing is written into a path that is not an archive.
  const checking = connectionTurns({
    file,
    mode: 'read',
    waitMs,
    onWait: options.onWait,
    settings: { access_mode: 'READ_ONLY' },
  })
  let found: ArchiveFile
  try {
    found = await checkArchiveFile(file, checking.use)
  } catch (error) {
    if (error instanceof NotArchiveError)
      throw new RecorderError(
        `${error.message}: nothing was written; point --db at a recorder archive or a new file`,
      )
    friendly(file, error)
  } finally {
    await checking.release()
  }
  if (options.mustExist && found.kind === 'empty')
    throw new RecorderError(
      `${file} is an empty DuckDB database, not an archive yet: run backfill or record first`,
      1,
    )
  const memoryLimit = options.memoryLimit ?? DEFAULT_MEMORY_LIMIT
  const turns = connectionTurns({
    file,
    mode: 'write',
    waitMs,
    onWait: options.onWait,
    settings: { memory_limit: memoryLimit },
  })
  const use = async <T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> => {
    let opened = false
    try {
      return await turns.use((conn) => {
        opened = true
        return work(conn)
      })
    } catch (error) {
      // Failing to open: locked past the wait, or DuckDB's reason; a failing statement:
      // a full disk or no memory left as one line, anything else as it is.
      if (!opened) friendly(file, error, options.memoryLimit)
      throw storageFailure(error, { file, memoryLimit: options.memoryLimit }) ?? error
    }
  }
  const store: Store = {
    datasets: options.datasets ?? declared,
    use,
    run: (sql, params) =>
      use(async (conn) => {
        await conn.run(sql, params)
      }),
    all: (sql, params) =>
      use(async (conn) => (await conn.runAndReadAll(sql, params)).getRowObjectsJson()),
    transaction: (write) =>
      use(async (conn) => {
        await conn.run('BEGIN TRANSACTION')
        try {
          const result = await write(conn)
          await conn.run('COMMIT')
          return result
        } catch (error) {
          await conn.run('ROLLBACK').catch(() => {})
          throw error
        }
      }),
    releaseMemory: async () => {
      // A file given up is closed, and its memory with it: nothing to release then.
      if (turns.held) await use((conn) => releaseMemory(conn, memoryLimit))
    },
    close: () => {
      void turns.release()
    },
  }
  try {
    await migrate(store, file)
  } catch (error) {
    await turns.release()
    if (error instanceof RecorderError) throw error
    friendly(file, error, options.memoryLimit)
  }
  return store
}

async function migrate(store: Store, file: string): Promise<void> {
  await store.run(
    'CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)',
  )
  const [row] = await store.all("SELECT value FROM meta WHERE key = 'schema_version'")
  const current = row === undefined ? 0 : Number(row.value)
  if (current > SCHEMA_VERSION) {
    throw new RecorderError(
      `${file} has schema version ${current}, newer than this recorder's ${SCHEMA_VERSION}: upgrade @perpkit/recorder`,
      1,
    )
  }
  // The historic steps (a new file needs none), then the declarations' tables (at every
  // open: a dataset declared since gets its table).
  await store.transaction(async (conn) => {
    for (
      let version = current === 0 ? SCHEMA_VERSION : current;
      version < SCHEMA_VERSION - 1;
      version++
    )
      await conn.run(migrations[version] as string)
    await reconcile(conn, store.datasets, file)
    if (current < SCHEMA_VERSION)
      await conn.run("INSERT OR REPLACE INTO meta VALUES ('schema_version', $1)", [
        String(SCHEMA_VERSION),
      ])
  })
}
