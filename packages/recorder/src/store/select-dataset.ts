/**
 * One SELECT per dataset over the table that holds it, with `dataset`,
 * `symbol` and `time` columns: what status and export read.
 *
 * @module
 */
import type { Dataset } from '../datasets.ts'

/** Tables holding several datasets carry a `dataset` column. */
const SHARED = new Set(['candles', 'contract_changes'])

/**
 * The rows of one dataset, every column plus `dataset` and a `time` alias.
 *
 * @param dataset - The dataset.
 * @returns A SELECT statement (no user input inside).
 */
export function selectDataset(dataset: Dataset): string {
  const name = `'${dataset.name}'`
  return SHARED.has(dataset.table)
    ? `SELECT *, ${dataset.timeColumn} AS time_ FROM ${dataset.table} WHERE dataset = ${name}`
    : `SELECT ${name} AS dataset, *, ${dataset.timeColumn} AS time_ FROM ${dataset.table}`
}
