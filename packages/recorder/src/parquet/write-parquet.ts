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
import { basename, join } from 'node:path'
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

/** The formats a file can be written in. */
export type FileFormat = 'parquet' | 'csv'

/** `COPY` options of a format: zstd Parquet, or CSV with a header. */
function copyFormat(format: FileFormat): string {
  return format === 'parquet' ? 'FORMAT parquet, COMPRESSION zstd' : 'FORMAT csv, HEADER'
}

/**
 * Writes one query into one file, streaming (a Parquet row group at a time); a Parquet
 * file is sealed.
 *
 * @param conn - A connection.
 * @param query - Rows with a layout's file columns ({@link selectFileColumns}).
 * @param file - The file to write.
 * @param format - Parquet or CSV.
 * @param partition - The partition it is for (`partitionKey`), recorded in a Parquet file's seal.
 */
export async function writeFile(
  conn: DuckDBConnection,
  query: string,
  file: string,
  format: FileFormat,
  partition: string,
): Promise<void> {
  await conn.run(`COPY (${query}) TO ${sqlString(file)} (${copyFormat(format)})`)
  if (format === 'parquet') sealParquetFile(file, partition)
}

/**
 * Writes one query into one sealed Parquet file (not yet published).
 *
 * @param conn - A connection.
 * @param query - Rows with a layout's file columns ({@link selectFileColumns}).
 * @param file - The file to write.
 * @param partition - The partition it is for (`partitionKey`), recorded in its seal.
 */
export function writeParquetFile(
  conn: DuckDBConnection,
  query: string,
  file: string,
  partition: string,
): Promise<void> {
  return writeFile(conn, query, file, 'parquet', partition)
}

/**
 * Writes one query into hive partitions `symbol=<s>/date=<d>/` under `dir`, one or more
 * files each named `<prefix>_<i>.parquet` (or `.csv`, with a header). Parquet files are
 * sealed for the partition their directory names (`<root>/symbol=<s>/date=<d>`). DuckDB
 * holds every partition's rows until the end (up to half a million rows a thread): give it
 * a bounded query (`export` cuts each root in batches, see `one-machine/export-batches.ts`).
 *
 * @param conn - A connection.
 * @param query - Rows with a layout's file columns plus `symbol` and `date`.
 * @param dir - The root's directory (its name is the root's).
 * @param options - File name prefix, format, and the partitions the rows fall in
 *   (`symbol=<s>/date=<d>`, relative to `dir`), whose files are returned.
 * @returns The files written in those partitions.
 */
export async function writePartitions(
  conn: DuckDBConnection,
  query: string,
  dir: string,
  options: { prefix: string; format: FileFormat; partitions: readonly string[] },
): Promise<string[]> {
  mkdirSync(dir, { recursive: true })
  await conn.run(
    `COPY (${query}) TO ${sqlString(dir)} (${copyFormat(options.format)}, PARTITION_BY (symbol, date), OVERWRITE_OR_IGNORE, FILENAME_PATTERN ${sqlString(`${options.prefix}_{i}`)})`,
  )
  const files = options.partitions.flatMap((partition) =>
    readdirSync(join(dir, partition))
      .filter((name) => name.endsWith(`.${options.format}`))
      .map((name) => ({ file: join(dir, partition, name), partition })),
  )
  if (options.format === 'parquet')
    for (const { file, partition } of files) sealParquetFile(file, `${basename(dir)}/${partition}`)
  return files.map(({ file }) => file)
}
