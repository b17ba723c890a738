/**
 * The one multi-row `VALUES` builder: rows of declared columns into one
 * `INSERT` statement with parameters, each decimal checked to fit its column
 * exactly first (DuckDB's cast would round it).
 *
 * @module
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'
import { checkDecimal, decimalShape, paramSql } from '../datasets/columns.ts'
import type { ColumnDef } from '../datasets/table.ts'

/** Rows per statement: DuckDB binds every parameter of a statement at once. */
const ROWS_PER_STATEMENT = 500

/**
 * Inserts rows, given as values in column order, in one statement per 500 rows.
 *
 * @param conn - A connection (inside a transaction for atomic writes).
 * @param table - The table.
 * @param columns - Its columns, in order.
 * @param rows - The rows' values, in column order.
 * @param options - `replace`: `INSERT OR REPLACE` (an upsert on the primary key).
 * @returns Rows inserted.
 * @throws {@link RecorderError} when a decimal does not fit its column exactly.
 */
export async function insertValues(
  conn: DuckDBConnection,
  table: string,
  columns: readonly ColumnDef[],
  rows: readonly (readonly unknown[])[],
  options: { replace?: boolean } = {},
): Promise<number> {
  let inserted = 0
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
    const params: DuckDBValue[] = []
    const tuples = chunk.map((row) => {
      const cells = columns.map(([name, type], i) => {
        const value = row[i] ?? null
        if (value !== null && decimalShape(type) !== undefined)
          checkDecimal(String(value), type, `${table}.${name}`)
        params.push(value as DuckDBValue)
        return paramSql(type, params.length)
      })
      return `(${cells.join(', ')})`
    })
    const verb = options.replace ? 'INSERT OR REPLACE' : 'INSERT'
    const result = await conn.run(`${verb} INTO ${table} VALUES ${tuples.join(', ')}`, params)
    inserted += result.rowsChanged
  }
  return inserted
}
