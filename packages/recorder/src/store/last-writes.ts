/**
 * The last write of each series (`writes`, shown by `status`), gathered over
 * a round of `record` and stored in one statement at its end, inside the
 * round's transaction. An upsert costs DuckDB about as much for one row as
 * for fifty (~4 ms a statement), so one a round instead of one a write.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'

/** Last writes noted during a round. */
export interface LastWrites {
  /** Notes that `dataset` / `symbol` was written at `at` (ms); the latest note wins. */
  note(dataset: string, symbol: string, at: number): void
  /** Stores the noted writes (one statement) and forgets them. */
  flush(conn: DuckDBConnection): Promise<void>
}

/**
 * An empty set of last writes.
 *
 * @returns It.
 */
export function createLastWrites(): LastWrites {
  const noted = new Map<string, { dataset: string; symbol: string; at: number }>()
  return {
    note: (dataset, symbol, at) => {
      const key = `${dataset}\u0000${symbol}`
      const before = noted.get(key)
      if (before === undefined || before.at < at) noted.set(key, { dataset, symbol, at })
    },
    flush: async (conn) => {
      if (noted.size === 0) return
      const rows = [...noted.values()]
      noted.clear()
      const values = rows.map(
        (_, i) => `($${3 * i + 1}, $${3 * i + 2}, epoch_ms($${3 * i + 3}::BIGINT))`,
      )
      await conn.run(
        `INSERT OR REPLACE INTO writes VALUES ${values.join(', ')}`,
        rows.flatMap((r) => [r.dataset, r.symbol, r.at]),
      )
    },
  }
}
