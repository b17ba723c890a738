/**
 * Many rows in one `INSERT` statement, with parameters.
 *
 * @module
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'

/**
 * Inserts `rows` into `table` in one statement (none when there are no rows).
 *
 * @param conn - A connection inside a transaction.
 * @param table - The table.
 * @param row - One row's `VALUES` tuple, its parameters numbered `$1`... for that row.
 * @param rows - Each row's parameters, in order.
 * @returns Rows inserted.
 */
export async function insertRows(
  conn: DuckDBConnection,
  table: string,
  row: string,
  rows: readonly DuckDBValue[][],
): Promise<number> {
  if (rows.length === 0) return 0
  const width = (rows[0] as DuckDBValue[]).length
  const tuples = rows.map((_, i) =>
    row.replace(/\$(\d+)/g, (_m, k: string) => `$${i * width + Number(k)}`),
  )
  const result = await conn.run(`INSERT INTO ${table} VALUES ${tuples.join(', ')}`, rows.flat())
  return result.rowsChanged
}
