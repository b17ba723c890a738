/**
 * One SELECT per dataset over the table that holds it, with `dataset`,
 * `symbol` and `time_` columns: what status and export read.
 *
 * @module
 */
import type { Dataset } from '../datasets/define.ts'
import { sqlString } from '../duckdb/sql.ts'

/**
 * The rows of one dataset, every column plus `dataset` and a `time_` alias of its time column.
 *
 * @param dataset - The dataset.
 * @returns A SELECT statement (no user input inside).
 */
export function selectDataset(dataset: Dataset): string {
  const name = sqlString(dataset.name)
  return dataset.shared
    ? `SELECT *, ${dataset.time} AS time_ FROM ${dataset.table} WHERE dataset = ${name}`
    : `SELECT ${name} AS dataset, *, ${dataset.time} AS time_ FROM ${dataset.table}`
}
