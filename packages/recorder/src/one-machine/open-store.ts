/**
 * Opening the DuckDB file: created on first use, migrated to the current
 * schema, refused when it is not an archive (checked read-only first, see
 * `check-archive-file.ts`), locked by another process or written by a newer
 * build. Its storage failures (a full disk, no memory left) come out as one
 * line (`duckdb/storage-error.ts`).
 *
 * @module
 */
import { existsSync } from 'node:fs'
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api'
import { datasets as declared } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { readLockError } from '../duckdb/lock-error.ts'
import { createInstance } from '../duckdb/offline.ts'
import { storageFailure } from '../duckdb/storage-error.ts'
import { RecorderError } from '../errors.ts'
import { type ArchiveFile, checkArchiveFile, NotArchiveError } from './check-archive-file.ts'
import { migrations, reconcile, SCHEMA_VERSION } from './schema.ts'

/** An open archive: one connection, writes serialized, each batch its own transaction. */
export interface Store {
  /** The datasets its tables hold. */
  datasets: readonly Dataset[]
  /** Runs a statement. */
  run(sql: string, params?: DuckDBValue[]): Promise<void>
  /** Runs a query and returns its rows as JSON-safe objects (BIGINT and DECIMAL as strings). */
  all(sql: string, params?: DuckDBValue[]): Promise<Record<string, unknown>[]>
  /** Runs `write` inside one transaction, after the writes queued before it. */
  transaction<T>(write: (conn: DuckDBConnection) => Promise<T>): Promise<T>
  /** The connection, for appenders. */
  conn: DuckDBConnection
  /**
   * Hands the memory DuckDB's allocators hold freed back to the system, after
   * the writes queued before it: the table blocks DuckDB cached and what its
   * allocators keep once freed (see `releaseMemory` in open-store.ts).
   */
  releaseMemory(): Promise<void>
  /** Closes the connection and the file. */
  close(): void
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

/**
 * Opens (or, unless `mustExist`, creates) the archive and brings its schema up to date.
 *
 * @param file - Path of the DuckDB file.
 * @param options - `mustExist`: refuse to create a missing file (status, export);
 *   `memoryLimit`: DuckDB's buffer pool (default 64 MB); `datasets`: the datasets whose
 *   tables it holds (default the declared ones).
 * @returns The store.
 */
export async function openStore(
  file: string,
  options: {
    mustExist?: boolean
    memoryLimit?: string | undefined
    datasets?: readonly Dataset[]
  } = {},
): Promise<Store> {
  if (options.mustExist && !existsSync(file)) {
    throw new RecorderError(`${file} does not exist: run backfill or record first`, 1)
  }
  // Read-only first: nothing is written into a path that is not an archive.
  let found: ArchiveFile
  try {
    found = await checkArchiveFile(file)
  } catch (error) {
    if (error instanceof NotArchiveError)
      throw new RecorderError(
        `${error.message}: nothing was written; point --db at a recorder archive or a new file`,
      )
    friendly(file, error)
  }
  if (options.mustExist && found.kind === 'empty')
    throw new RecorderError(
      `${file} is an empty DuckDB database, not an archive yet: run backfill or record first`,
      1,
    )
  const memoryLimit = options.memoryLimit ?? DEFAULT_MEMORY_LIMIT
  let instance: DuckDBInstance
  try {
    instance = await createInstance(file, { memory_limit: memoryLimit })
  } catch (error) {
    friendly(file, error, options.memoryLimit)
  }
  const conn = await instance.connect()
  // A full disk, no memory left: one line naming the file and the flag that helps.
  const explain = (error: unknown) =>
    storageFailure(error, { file, memoryLimit: options.memoryLimit }) ?? error
  let queue: Promise<unknown> = Promise.resolve()
  const store: Store = {
    datasets: options.datasets ?? declared,
    conn,
    run: async (sql, params) => {
      await conn.run(sql, params).catch((error: unknown) => {
        throw explain(error)
      })
    },
    all: async (sql, params) =>
      (
        await conn.runAndReadAll(sql, params).catch((error: unknown) => {
          throw explain(error)
        })
      ).getRowObjectsJson(),
    transaction: (write) => {
      const next = queue.then(async () => {
        await conn.run('BEGIN TRANSACTION')
        try {
          const result = await write(conn)
          await conn.run('COMMIT')
          return result
        } catch (error) {
          await conn.run('ROLLBACK').catch(() => {})
          throw explain(error)
        }
      })
      queue = next.catch(() => {})
      return next
    },
    releaseMemory: () => {
      const next = queue
        .then(() => releaseMemory(conn, memoryLimit))
        .catch((error: unknown) => {
          throw explain(error)
        })
      queue = next.catch(() => {})
      return next.then(() => {})
    },
    close: () => {
      conn.closeSync()
      instance.closeSync()
    },
  }
  try {
    await migrate(store, file)
  } catch (error) {
    store.close()
    throw error
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
