/**
 * Recorded rows (trades, settlements, snapshots, gap rows) into the shared
 * Parquet tree: one new file per partition (dataset / symbol / UTC date) a
 * poll touches, published by rename like the candle files. Columns are the
 * archive table's (what `export` writes), decimals exact DECIMAL(38,18).
 *
 * @module
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import { partitionDir, publish, TEMP_SUFFIX, uniqueName, utcDate } from './layout.ts'
import { sqlString } from './write-candles.ts'

/** A column's type: epoch ms (nullable), exact decimal string, integer, boolean, text. */
type ColumnType = 'ts' | 'dec' | 'int' | 'bool' | 'text'

/** A dataset's file columns, its time column (partitions by date) and its key. */
interface RecordLayout {
  columns: readonly (readonly [name: string, type: ColumnType])[]
  /** Columns that identify a row: compaction keeps one row per key, the newest file's. */
  key: readonly string[]
}

/** Partition name of gap rows; the column `gap_dataset` names the dataset that lost them. */
export const GAPS = 'gaps'

const LAYOUTS: Record<string, RecordLayout> = {
  'market-trade': {
    columns: [
      ['time', 'ts'],
      ['price', 'dec'],
      ['qty', 'dec'],
      ['quote_qty', 'dec'],
      ['is_buyer_maker', 'bool'],
      ['dup', 'int'],
    ],
    key: ['time', 'price', 'qty', 'quote_qty', 'is_buyer_maker', 'dup'],
  },
  'funding-rate-history': {
    columns: [
      ['funding_time', 'ts'],
      ['funding_rate', 'dec'],
    ],
    key: ['funding_time'],
  },
  'funding-rate': {
    columns: [
      ['recorded_at', 'ts'],
      ['server_time', 'ts'],
      ['rate', 'dec'],
      ['expected_rate', 'dec'],
      ['funding_time', 'ts'],
      ['upper_limit', 'dec'],
      ['lower_limit', 'dec'],
    ],
    key: ['recorded_at'],
  },
  'open-interest': {
    columns: [
      ['recorded_at', 'ts'],
      ['server_time', 'ts'],
      ['open_interest', 'dec'],
      ['open_interest_value', 'dec'],
    ],
    key: ['recorded_at'],
  },
  depth: {
    columns: [
      ['recorded_at', 'ts'],
      ['server_time', 'ts'],
      ['side', 'text'],
      ['level', 'int'],
      ['price', 'dec'],
      ['qty', 'dec'],
    ],
    key: ['recorded_at', 'side', 'level'],
  },
  [GAPS]: {
    columns: [
      ['from_time', 'ts'],
      ['to_time', 'ts'],
      ['gap_dataset', 'text'],
      ['recorded_at', 'ts'],
    ],
    key: ['gap_dataset', 'from_time'],
  },
}

/**
 * The key compaction deduplicates a recorded dataset by.
 *
 * @param dataset - Partition name (`market-trade`, `gaps`, ...).
 * @returns Column names, or undefined for a dataset this module does not write.
 * @example
 * ```ts
 * recordKey('funding-rate-history') // ['funding_time']
 * ```
 */
export function recordKey(dataset: string): readonly string[] | undefined {
  return LAYOUTS[dataset]?.key
}

/** One row: values in the layout's column order (the first is the time, epoch ms). */
export type RecordRow = readonly (string | number | boolean | null)[]

/** Writes record files; calls are serialised. */
export interface RecordParquetWriter {
  /**
   * Writes rows of one series, one file per UTC date of their first column.
   *
   * @param series - Dataset, symbol, and a tag for the file names.
   * @param rows - The rows.
   * @returns Paths of the published files.
   */
  write(
    series: { dataset: string; symbol: string; tag: string },
    rows: readonly RecordRow[],
  ): Promise<string[]>
  /** Frees the in-memory database. */
  close(): void
}

const SELECT: Record<ColumnType, (c: string) => string> = {
  ts: (c) => `epoch_ms(${c})::TIMESTAMP_MS AS ${c}`,
  dec: (c) => `${c}::DECIMAL(38,18) AS ${c}`,
  int: (c) => c,
  bool: (c) => c,
  text: (c) => c,
}
const STAGE: Record<ColumnType, string> = {
  ts: 'BIGINT',
  dec: 'VARCHAR',
  int: 'INTEGER',
  bool: 'BOOLEAN',
  text: 'VARCHAR',
}

function append(appender: DuckDBAppender, type: ColumnType, value: RecordRow[number]): void {
  if (value === null) appender.appendNull()
  else if (type === 'ts') appender.appendBigInt(BigInt(value as number))
  else if (type === 'int') appender.appendInteger(value as number)
  else if (type === 'bool') appender.appendBoolean(value as boolean)
  else appender.appendVarchar(String(value))
}

/**
 * Opens a writer into the tree at `out`.
 *
 * @param out - The tree's root (created when missing).
 * @param now - The clock, epoch ms, for file names.
 * @returns The writer.
 * @example
 * ```ts
 * const writer = await openRecordWriter('/data/tree')
 * await writer.write({ dataset: 'funding-rate-history', symbol: 'BTCUSDT', tag: 'poll' }, [
 *   [Date.UTC(2026, 0, 1, 8), '0.0001'],
 * ])
 * writer.close()
 * ```
 */
export async function openRecordWriter(
  out: string,
  now: () => number = Date.now,
): Promise<RecordParquetWriter> {
  mkdirSync(out, { recursive: true })
  const instance = await DuckDBInstance.create(':memory:', { threads: '1', memory_limit: '128MB' })
  const conn = await instance.connect()
  let queue: Promise<unknown> = Promise.resolve()
  return {
    write: (series, rows) => {
      const next = queue.then(() => writeRows(conn, out, series, rows, now))
      queue = next.catch(() => {})
      return next
    },
    close: () => {
      conn.closeSync()
      instance.closeSync()
    },
  }
}

async function writeRows(
  conn: DuckDBConnection,
  out: string,
  series: { dataset: string; symbol: string; tag: string },
  rows: readonly RecordRow[],
  now: () => number,
): Promise<string[]> {
  const layout = LAYOUTS[series.dataset]
  if (layout === undefined) throw new Error(`no Parquet layout for ${series.dataset}`)
  const stage = `stage_${series.dataset.replaceAll('-', '_')}`
  await conn.run(
    `CREATE TEMP TABLE IF NOT EXISTS ${stage} (${layout.columns.map(([c, t]) => `${c} ${STAGE[t]}`).join(', ')})`,
  )
  const byDate = new Map<string, RecordRow[]>()
  for (const row of rows) {
    const date = utcDate(row[0] as number)
    const list = byDate.get(date)
    if (list === undefined) byDate.set(date, [row])
    else list.push(row)
  }
  const files: string[] = []
  const select = layout.columns.map(([c, t]) => SELECT[t](c)).join(', ')
  for (const [date, list] of byDate) {
    const dir = partitionDir(out, { dataset: series.dataset, symbol: series.symbol, date })
    mkdirSync(dir, { recursive: true })
    const name = uniqueName('part', series.tag, now())
    const temp = join(dir, `.${name}${TEMP_SUFFIX}`)
    const appender = await conn.createAppender(stage, 'main', 'temp')
    for (const row of list) {
      for (const [i, [, type]] of layout.columns.entries()) append(appender, type, row[i] ?? null)
      appender.endRow()
    }
    appender.closeSync()
    try {
      await conn.run(
        `COPY (SELECT ${select} FROM ${stage} ORDER BY ALL) TO ${sqlString(temp)} (FORMAT parquet, COMPRESSION zstd)`,
      )
      publish(temp, join(dir, name))
    } catch (error) {
      rmSync(temp, { force: true })
      throw error
    } finally {
      await conn.run(`DELETE FROM ${stage}`)
    }
    files.push(join(dir, name))
  }
  return files
}
