/**
 * A table as declared: its columns, key and time column. The DuckDB DDL, the
 * primary key, the Parquet file's columns and the dedup key all derive from
 * it, for datasets and for the recorder's own tables (gaps, coverage, last
 * writes) alike.
 *
 * @module
 */
import { type Columns, type ColumnType, isNullable, sqlType } from './columns.ts'

/**
 * One table of the archive.
 *
 * @typeParam C - Its own columns.
 * @example
 * ```ts
 * const history: TableDeclaration = {
 *   table: 'funding_history', shared: false, unkeyed: false,
 *   columns: { funding_time: 'time', funding_rate: 'decimal' }, key: ['funding_time'], time: 'funding_time',
 * }
 * ```
 */
export interface TableDeclaration<C extends Columns = Columns> {
  /** The DuckDB table. */
  table: string
  /**
   * The table holds several datasets: a `dataset` column comes before `symbol`, and the
   * primary key starts with it.
   */
  shared: boolean
  /** Its columns after `[dataset,] symbol`, in order. */
  columns: C
  /** What identifies a row within its `[dataset,] symbol`: the primary key's rest, the dedup key. */
  key: readonly (keyof C & string)[]
  /** The time column (TIMESTAMP_MS): partitions by UTC date, bounds a series. */
  time: keyof C & string
  /** No primary key (candles: each window's coverage row guards them, see `write-windows.ts`). */
  unkeyed: boolean
}

/** One column as stored: name and type. */
export type ColumnDef = readonly [name: string, type: ColumnType]

/**
 * Every column of the table in order, `dataset` (when shared) and `symbol` first.
 *
 * @param table - The table.
 * @returns Names and types.
 */
export function tableColumns(table: TableDeclaration): ColumnDef[] {
  return [
    ...(table.shared ? [['dataset', 'text'] as const] : []),
    ['symbol', 'text'] as const,
    ...Object.entries(table.columns),
  ]
}

/**
 * The primary key's columns, or none for an unkeyed table.
 *
 * @param table - The table.
 * @returns Column names.
 */
export function primaryKey(table: TableDeclaration): string[] {
  if (table.unkeyed) return []
  return [...(table.shared ? ['dataset'] : []), 'symbol', ...table.key]
}

/**
 * Column definitions of a `CREATE TABLE` statement.
 *
 * @param columns - Names and types.
 * @returns `name TYPE [NOT NULL]` each.
 */
export function columnsSql(columns: readonly ColumnDef[]): string[] {
  return columns.map(
    ([column, type]) => `${column} ${sqlType(type)}${isNullable(type) ? '' : ' NOT NULL'}`,
  )
}

/**
 * The table's `CREATE TABLE` statement.
 *
 * @param table - The table.
 * @param name - The name to create it under (default its own).
 * @returns The statement.
 */
export function createTableSql(table: TableDeclaration, name = table.table): string {
  const columns = columnsSql(tableColumns(table))
  const key = primaryKey(table)
  if (key.length > 0) columns.push(`PRIMARY KEY (${key.join(', ')})`)
  return `CREATE TABLE ${name} (${columns.join(', ')})`
}
