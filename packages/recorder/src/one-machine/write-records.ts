/**
 * One poll of a recorded dataset into the archive, inside the round's
 * transaction: per series, what the archive already holds of the batch's
 * span is read and the one dedup rule (`datasets/dedup.ts`) keeps the rest;
 * a full batch that did not reach the stored rows writes a gap row. Rows go
 * in as one plain `INSERT` (through the one `VALUES` builder), and only rows
 * not stored yet: `INSERT OR IGNORE` costs DuckDB ~4 ms more a statement,
 * while reading the stored keys costs ~1 ms. The primary keys still refuse a
 * duplicate (the round then fails, it never stores one twice).
 *
 * @module
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api'
import { type AnyRow, readSql } from '../datasets/columns.ts'
import {
  dedupes,
  identity,
  identityColumns,
  type Known,
  rowTime,
  selectFresh,
  writesGaps,
} from '../datasets/dedup.ts'
import type { RecordDataset } from '../datasets/define.ts'
import { tableColumns } from '../datasets/table.ts'
import { GAPS } from '../datasets/tables.ts'
import { insertValues } from '../duckdb/values.ts'
import type { LastWrites } from './last-writes.ts'

/** What one poll of a dataset stored. */
export interface PollWritten {
  /** Rows added. */
  rows: number
  /** Gap rows written (series whose batch did not reach the stored rows). */
  gaps: number
}

/** `[dataset = $n AND] symbol = $m`, its values appended to `params`. */
function seriesWhere(dataset: RecordDataset, symbol: string, params: DuckDBValue[]): string {
  params.push(symbol)
  let where = `symbol = $${params.length}`
  if (dataset.shared) {
    params.push(dataset.name)
    where = `dataset = $${params.length} AND ${where}`
  }
  return where
}

async function read(
  conn: DuckDBConnection,
  sql: string,
  params: DuckDBValue[],
): Promise<Record<string, unknown>[]> {
  return (await conn.runAndReadAll(sql, params)).getRowObjectsJson()
}

/**
 * What the archive knows of one series before a poll: its newest time (for the gap rule) and
 * the identities of its stored rows the batch may repeat (those of the batch's time span, or
 * for `changes` its last row).
 *
 * @param conn - A connection inside the round's transaction.
 * @param dataset - The dataset.
 * @param symbol - The series' symbol.
 * @param rows - The batch's rows of that symbol.
 * @returns What is known.
 */
async function knownInArchive(
  conn: DuckDBConnection,
  dataset: RecordDataset,
  symbol: string,
  rows: readonly AnyRow[],
): Promise<Known> {
  const time = dataset.time
  let newest: number | undefined
  if (writesGaps(dataset)) {
    const params: DuckDBValue[] = []
    const [row] = await read(
      conn,
      `SELECT epoch_ms(max(${time})) AS t FROM ${dataset.table} WHERE ${seriesWhere(dataset, symbol, params)}`,
      params,
    )
    newest = row?.t === null || row?.t === undefined ? undefined : Number(row.t)
  }
  if (!dedupes(dataset) || rows.length === 0) return { newest, identities: new Set() }
  const columns = identityColumns(dataset)
  const select = columns.map((c) => readSql(dataset.columns[c] ?? 'text', c)).join(', ')
  const params: DuckDBValue[] = []
  const where = seriesWhere(dataset, symbol, params)
  let sql: string
  if (dataset.kind === 'changes')
    sql = `SELECT ${select} FROM ${dataset.table} WHERE ${where} ORDER BY ${time} DESC LIMIT 1`
  else {
    const times = rows.map((r) => rowTime(dataset, r))
    params.push(Math.min(...times), Math.max(...times))
    sql = `SELECT ${select} FROM ${dataset.table} WHERE ${where}
      AND ${time} BETWEEN epoch_ms($${params.length - 1}::BIGINT) AND epoch_ms($${params.length}::BIGINT)`
  }
  const stored = await read(conn, sql, params)
  return {
    newest,
    identities: new Set(stored.map((r) => identity(dataset, { symbol, ...r }))),
  }
}

/**
 * Writes a gap row: `[from, to]` of `dataset` / `symbol` was not recorded.
 *
 * @param conn - A connection inside a transaction.
 * @param row - Dataset name, symbol, span, when.
 */
export async function writeGap(
  conn: DuckDBConnection,
  row: { dataset: string; symbol: string; from: number; to: number; at: number },
): Promise<void> {
  await insertValues(conn, GAPS.table, tableColumns(GAPS), [
    [row.dataset, row.symbol, row.from, row.to, row.at],
  ])
}

/**
 * Inserts rows of a dataset into its table.
 *
 * @param conn - A connection inside a transaction.
 * @param dataset - The dataset.
 * @param rows - Its rows, none stored yet.
 * @returns Rows inserted.
 */
function insertRows(
  conn: DuckDBConnection,
  dataset: RecordDataset,
  rows: readonly AnyRow[],
): Promise<number> {
  const columns = tableColumns(dataset)
  return insertValues(
    conn,
    dataset.table,
    columns,
    rows.map((row) =>
      columns.map(([name]) => (name === 'dataset' && dataset.shared ? dataset.name : row[name])),
    ),
  )
}

/**
 * Stores one poll's rows (of one symbol, or of a catalog's): per series, the rows not stored
 * yet, a gap row when the batch did not reach the stored ones, and its last write.
 *
 * @param conn - A connection inside the round's transaction.
 * @param dataset - The dataset.
 * @param rows - The poll's rows.
 * @param round - The round's clock and last writes.
 * @returns Rows added and gap rows written.
 */
export async function writePoll(
  conn: DuckDBConnection,
  dataset: RecordDataset,
  rows: readonly AnyRow[],
  round: { now: number; lastWrites: LastWrites },
): Promise<PollWritten> {
  const bySymbol = new Map<string, AnyRow[]>()
  for (const row of rows) {
    const list = bySymbol.get(row.symbol)
    if (list === undefined) bySymbol.set(row.symbol, [row])
    else list.push(row)
  }
  const written: PollWritten = { rows: 0, gaps: 0 }
  for (const [symbol, batch] of bySymbol) {
    const fresh = selectFresh(dataset, batch, await knownInArchive(conn, dataset, symbol, batch))
    if (fresh.gap !== undefined) {
      await writeGap(conn, { dataset: dataset.name, symbol, ...fresh.gap, at: round.now })
      written.gaps++
    }
    written.rows += await insertRows(conn, dataset, fresh.rows)
    if (fresh.rows.length > 0 || dataset.kind === 'trades')
      round.lastWrites.note(dataset.name, symbol, round.now)
  }
  return written
}
