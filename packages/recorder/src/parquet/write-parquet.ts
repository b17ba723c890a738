/**
 * The one Parquet writer, for `export` and the shared tree alike: DuckDB's
 * `COPY ... TO` with zstd, the layout's columns (times as `TIMESTAMP_MS`,
 * decimals exact), then the file sealed (`seal.ts`): every timestamp marked
 * as a UTC instant (`isAdjustedToUTC=true`, milliseconds), the partition it
 * belongs to and the checksum of its pages in its footer.
 *
 * @module
 */
import { mkdirSync, readdirSync } from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import { fileSql } from '../datasets/columns.ts'
import { sqlString } from '../duckdb/sql.ts'
import type { ParquetLayout } from './layout.ts'
import { sealParquetFile } from './seal.ts'

/**
 * The `SELECT` of a layout's file columns from a source with those columns (an archive
 * table, a staging table or Parquet files), times read as `TIMESTAMP_MS` whatever their
 * source type.
 *
 * @param layout - The root's layout.
 * @param source - A table name, subquery or `read_parquet(...)`.
 * @param extra - More select items (partition columns of an export).
 * @returns The query.
 */
export function selectFileColumns(
  layout: ParquetLayout,
  source: string,
  extra: readonly string[] = [],
): string {
  const columns = layout.columns.map(([name, type]) => fileSql(type, name))
  return `SELECT ${[...columns, ...extra].join(', ')} FROM ${source}`
}

/**
 * Writes one query into one sealed Parquet file (not yet published).
 *
 * @param conn - A connection.
 * @param query - Rows with a layout's file columns ({@link selectFileColumns}).
 * @param file - The file to write.
 * @param partition - The partition it is for (`partitionKey`), recorded in its seal.
 */
export async function writeParquetFile(
  conn: DuckDBConnection,
  query: string,
  file: string,
  partition: string,
): Promise<void> {
  await conn.run(`COPY (${query}) TO ${sqlString(file)} (FORMAT parquet, COMPRESSION zstd)`)
  sealParquetFile(file, partition)
}

/**
 * Writes one query into hive partitions `symbol=<s>/date=<d>/` under `dir`, one or more
 * files each named `<prefix>_<i>.parquet` (or `.csv`, with a header). Parquet files are
 * sealed for the partition their directory names (`<root>/symbol=<s>/date=<d>`).
 *
 * @param conn - A connection.
 * @param query - Rows with a layout's file columns plus `symbol` and `date`.
 * @param dir - The root's directory (its name is the root's).
 * @param options - File name prefix and format.
 * @returns The files written.
 */
export async function writePartitions(
  conn: DuckDBConnection,
  query: string,
  dir: string,
  options: { prefix: string; format: 'parquet' | 'csv' },
): Promise<string[]> {
  const format =
    options.format === 'parquet' ? 'FORMAT parquet, COMPRESSION zstd' : 'FORMAT csv, HEADER'
  mkdirSync(dir, { recursive: true })
  await conn.run(
    `COPY (${query}) TO ${sqlString(dir)} (${format}, PARTITION_BY (symbol, date), OVERWRITE_OR_IGNORE, FILENAME_PATTERN ${sqlString(`${options.prefix}_{i}`)})`,
  )
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(`.${options.format}`))
    .map((name) => join(dir, name))
  if (options.format === 'parquet')
    for (const file of files)
      sealParquetFile(file, [basename(dir), ...relative(dir, dirname(file)).split(sep)].join('/'))
  return files
}
