/**
 * The recorder's own tables beside the datasets' (gap rows, stored windows,
 * last writes), and the list of every table an archive holds, derived from
 * a list of datasets.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'
import type { CandleDataset, Dataset, RecordDataset } from './define.ts'
import type { TableDeclaration } from './table.ts'

/**
 * Gap rows: `[from_time, to_time]` of `dataset` / `symbol` was not recorded. Also a Parquet
 * root (`gaps/`), whose files keep the `dataset` column.
 */
export const GAPS = {
  table: 'gaps',
  shared: true,
  unkeyed: false,
  columns: { from_time: 'time', to_time: 'time', recorded_at: 'time' },
  key: ['from_time'],
  time: 'from_time',
} as const satisfies TableDeclaration

/** The candle windows a backfill stored, each with its candles (what it plans around). */
export const COVERAGE = {
  table: 'coverage',
  shared: true,
  unkeyed: false,
  columns: { step: 'integer', start_time: 'time', end_time: 'time', fetched_at: 'time' },
  key: ['step', 'start_time'],
  time: 'start_time',
} as const satisfies TableDeclaration

/** The last write of each series (shown by `status`). */
export const WRITES = {
  table: 'writes',
  shared: true,
  unkeyed: false,
  columns: { last_write: 'time' },
  key: [],
  time: 'last_write',
} as const satisfies TableDeclaration

/** The recorder's own tables. */
const SYSTEM_TABLES: readonly TableDeclaration[] = [COVERAGE, GAPS, WRITES]

const shape = (t: TableDeclaration) =>
  JSON.stringify([t.shared, t.unkeyed, Object.entries(t.columns), t.key, t.time])

/**
 * Every table of an archive holding `datasets`: one per table name (datasets sharing a table
 * must declare it alike), then the recorder's own.
 *
 * @param datasets - The datasets.
 * @returns The tables, datasets' first.
 * @throws {@link RecorderError} when two datasets declare one table differently, or two
 *   datasets share a name.
 */
export function archiveTables(datasets: readonly Dataset[]): TableDeclaration[] {
  const tables = new Map<string, TableDeclaration>()
  const names = new Set<string>([GAPS.table])
  for (const dataset of datasets) {
    if (names.has(dataset.name))
      throw new RecorderError(
        `two datasets (or a dataset and gap rows) are named ${dataset.name}`,
        1,
      )
    names.add(dataset.name)
    const before = tables.get(dataset.table)
    if (before === undefined) tables.set(dataset.table, dataset)
    else if (shape(before) !== shape(dataset) || !dataset.shared)
      throw new RecorderError(
        `datasets sharing the table ${dataset.table} must be shared and declare it alike (${dataset.name})`,
        1,
      )
  }
  for (const table of SYSTEM_TABLES) tables.set(table.table, table)
  return [...tables.values()]
}

/** The candle datasets of a list. */
export function candleDatasets(datasets: readonly Dataset[]): CandleDataset[] {
  return datasets.filter((d): d is CandleDataset => d.kind === 'candles')
}

/** The recorded (polled) datasets of a list. */
export function recordDatasets(datasets: readonly Dataset[]): RecordDataset[] {
  return datasets.filter((d): d is RecordDataset => d.kind !== 'candles')
}
