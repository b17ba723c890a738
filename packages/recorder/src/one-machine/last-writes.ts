/**
 * The last write of each series (`writes`, shown by `status`), gathered over
 * a round of `record` and stored in one statement at its end, inside the
 * round's transaction. An upsert costs DuckDB about as much for one row as
 * for fifty (~4 ms a statement), so one a round instead of one a write.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import { tableColumns } from '../datasets/table.ts'
import { WRITES } from '../datasets/tables.ts'
import { insertValues } from '../duckdb/values.ts'

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
      await insertValues(
        conn,
        WRITES.table,
        tableColumns(WRITES),
        rows.map((r) => [r.dataset, r.symbol, r.at]),
        { replace: true },
      )
    },
  }
}
