/**
 * The archive's schema. Versions 1 and 2 are history, kept as the SQL that
 * made them; from version 3 on, the tables are the declarations': opening an
 * archive for writing creates the table of a dataset declared since, and
 * rebuilds a table whose declared columns changed (casting every stored
 * value, and failing, with nothing changed, on one that does not fit).
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import { isNullable, sqlType } from '../datasets/columns.ts'
import type { Dataset } from '../datasets/define.ts'
import {
  createTableSql,
  primaryKey,
  type TableDeclaration,
  tableColumns,
} from '../datasets/table.ts'
import { archiveTables } from '../datasets/tables.ts'
import { RecorderError } from '../errors.ts'

const DEC = 'DECIMAL(38,18)'
const TS = 'TIMESTAMP_MS'

/** Migration `i` brings a database from version `i` to `i + 1`; the last one reconciles. */
export const migrations: readonly string[] = [
  `
  CREATE TABLE candles (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, step INTEGER NOT NULL,
    open_time ${TS} NOT NULL,
    open ${DEC} NOT NULL, high ${DEC} NOT NULL, low ${DEC} NOT NULL, close ${DEC} NOT NULL,
    volume ${DEC} NOT NULL,
    PRIMARY KEY (dataset, symbol, step, open_time));
  CREATE TABLE coverage (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, step INTEGER NOT NULL,
    start_time ${TS} NOT NULL, end_time ${TS} NOT NULL, fetched_at ${TS} NOT NULL,
    PRIMARY KEY (dataset, symbol, step, start_time));
  CREATE TABLE trades (
    symbol VARCHAR NOT NULL, time ${TS} NOT NULL, price ${DEC} NOT NULL, qty ${DEC} NOT NULL,
    quote_qty ${DEC} NOT NULL, is_buyer_maker BOOLEAN NOT NULL, dup INTEGER NOT NULL,
    PRIMARY KEY (symbol, time, price, qty, quote_qty, is_buyer_maker, dup));
  CREATE TABLE funding_history (
    symbol VARCHAR NOT NULL, funding_time ${TS} NOT NULL, funding_rate ${DEC} NOT NULL,
    PRIMARY KEY (symbol, funding_time));
  CREATE TABLE funding_rate (
    symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL, server_time ${TS},
    rate ${DEC} NOT NULL, expected_rate ${DEC} NOT NULL, funding_time ${TS} NOT NULL,
    upper_limit ${DEC} NOT NULL, lower_limit ${DEC} NOT NULL,
    PRIMARY KEY (symbol, recorded_at));
  CREATE TABLE open_interest (
    symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL, server_time ${TS} NOT NULL,
    open_interest ${DEC} NOT NULL, open_interest_value ${DEC} NOT NULL,
    PRIMARY KEY (symbol, recorded_at));
  CREATE TABLE depth (
    symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL, server_time ${TS} NOT NULL,
    side VARCHAR NOT NULL, level INTEGER NOT NULL, price ${DEC} NOT NULL, qty ${DEC} NOT NULL,
    PRIMARY KEY (symbol, recorded_at, side, level));
  CREATE TABLE contract_changes (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL,
    status VARCHAR, delist_time ${TS}, value JSON NOT NULL,
    PRIMARY KEY (dataset, symbol, recorded_at));
  CREATE TABLE gaps (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, from_time ${TS} NOT NULL,
    to_time ${TS} NOT NULL, recorded_at ${TS} NOT NULL,
    PRIMARY KEY (dataset, symbol, from_time));
  CREATE TABLE writes (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, last_write ${TS} NOT NULL,
    PRIMARY KEY (dataset, symbol));
  `,
  // 2: candles without a primary key. Its index cost more than the insert and
  // held memory for every row; a window's coverage row now guards its candles
  // (write-windows.ts), so none is stored twice.
  `
  CREATE TABLE candles_v2 (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, step INTEGER NOT NULL,
    open_time ${TS} NOT NULL,
    open ${DEC} NOT NULL, high ${DEC} NOT NULL, low ${DEC} NOT NULL, close ${DEC} NOT NULL,
    volume ${DEC} NOT NULL);
  INSERT INTO candles_v2 SELECT * FROM candles ORDER BY dataset, symbol, step, open_time;
  DROP TABLE candles;
  ALTER TABLE candles_v2 RENAME TO candles;
  `,
  // 3: the tables follow the declarations (reconcile below): open interest as
  // its exact text, and the funding-rate-v2 catalog snapshots.
  '',
]

/**
 * The schema version this build writes and reads.
 *
 * @example
 * ```ts
 * import { SCHEMA_VERSION } from '@perpkit/recorder'
 *
 * console.log(`archives of schema ${SCHEMA_VERSION}`)
 * ```
 */
export const SCHEMA_VERSION = migrations.length

/** A stored table's columns and primary key, as DuckDB's catalog lists them. */
interface StoredTable {
  columns: { name: string; type: string; nullable: boolean }[]
  key: string[]
}

/**
 * Reads the tables of the archive's `main` schema.
 *
 * @param conn - A connection.
 * @returns Each table by name.
 */
async function storedTables(conn: DuckDBConnection): Promise<Map<string, StoredTable>> {
  const tables = new Map<string, StoredTable>()
  const columns = (
    await conn.runAndReadAll(
      `SELECT table_name AS t, column_name AS c, data_type AS d, is_nullable AS n FROM duckdb_columns()
       WHERE schema_name = 'main' AND NOT internal ORDER BY table_name, column_index`,
    )
  ).getRowObjectsJson()
  for (const row of columns) {
    const name = String(row.t)
    const table = tables.get(name) ?? { columns: [], key: [] }
    tables.set(name, table)
    table.columns.push({ name: String(row.c), type: String(row.d), nullable: row.n === true })
  }
  const keys = (
    await conn.runAndReadAll(
      `SELECT table_name AS t, constraint_column_names AS k FROM duckdb_constraints()
       WHERE schema_name = 'main' AND constraint_type = 'PRIMARY KEY'`,
    )
  ).getRowObjectsJson()
  for (const row of keys) {
    const table = tables.get(String(row.t))
    if (table !== undefined) table.key = (row.k as unknown[]).map(String)
  }
  return tables
}

/**
 * Whether a stored table is the declared one (same columns, types, nullability, key).
 *
 * @param stored - As stored.
 * @param table - As declared.
 * @returns True when nothing differs.
 */
function matches(stored: StoredTable, table: TableDeclaration): boolean {
  const declared = tableColumns(table)
  return (
    stored.columns.length === declared.length &&
    declared.every(([name, type], i) => {
      const column = stored.columns[i]
      return (
        column?.name === name &&
        column.type === sqlType(type) &&
        column.nullable === isNullable(type)
      )
    }) &&
    stored.key.join(',') === primaryKey(table).join(',')
  )
}

/**
 * Brings the tables to the declarations: creates missing tables, rebuilds changed ones.
 *
 * @param conn - A connection inside a transaction.
 * @param datasets - The datasets.
 * @param file - The archive, for messages.
 * @throws {@link RecorderError} when a stored table has a column no declaration knows.
 */
export async function reconcile(
  conn: DuckDBConnection,
  datasets: readonly Dataset[],
  file: string,
): Promise<void> {
  const stored = await storedTables(conn)
  for (const table of archiveTables(datasets)) {
    const before = stored.get(table.table)
    if (before === undefined) {
      await conn.run(createTableSql(table))
      continue
    }
    if (matches(before, table)) continue
    const declared = new Set(tableColumns(table).map(([name]) => name))
    const unknown = before.columns.filter((c) => !declared.has(c.name)).map((c) => c.name)
    if (unknown.length > 0)
      throw new RecorderError(
        `${file}: table ${table.table} has columns this recorder does not know (${unknown.join(', ')}): written by a newer recorder?`,
        1,
      )
    const kept = before.columns.map((c) => c.name).join(', ')
    await conn.run(createTableSql(table, `${table.table}__next`))
    await conn.run(`INSERT INTO ${table.table}__next (${kept}) SELECT ${kept} FROM ${table.table}`)
    await conn.run(`DROP TABLE ${table.table}`)
    await conn.run(`ALTER TABLE ${table.table}__next RENAME TO ${table.table}`)
  }
}
