/**
 * How `export` cuts a root into bounded `COPY`s: DuckDB's partitioned `COPY`
 * holds every row it is given until it ends, so one `COPY` of a year of 1m
 * candles runs out of the default 64 MB. Each batch is one symbol's
 * consecutive dates with at most {@link EXPORT_BATCH_ROWS} rows; a date with
 * more rows is a batch alone, streamed into one file.
 *
 * @module
 */

/**
 * Most rows of a batch: about 35 days of 1m candles. At ~150 bytes a row in
 * DuckDB, a batch needs ~8 MB, well inside the default 64 MB.
 */
const EXPORT_BATCH_ROWS = 50_000

const DAY_MS = 86_400_000

/** One symbol's rows on one UTC date. */
export interface DatePartition {
  symbol: string
  /** Epoch ms of the date's midnight (UTC). */
  day: number
  rows: number
}

/** One `COPY`: a symbol's consecutive dates. */
export interface ExportBatch {
  symbol: string
  /** Epoch ms of the first date's midnight. */
  from: number
  /** Epoch ms of the midnight after the last date. */
  to: number
  /** The dates, epoch ms of each midnight. */
  days: number[]
  rows: number
}

/**
 * Cuts partitions into batches.
 *
 * @param partitions - Every partition of a root, ordered by symbol then date.
 * @param maxRows - Most rows a batch of several dates holds.
 * @returns The batches, in the same order.
 */
export function exportBatches(
  partitions: readonly DatePartition[],
  maxRows: number = EXPORT_BATCH_ROWS,
): ExportBatch[] {
  const batches: ExportBatch[] = []
  let open: ExportBatch | undefined
  for (const p of partitions) {
    if (open === undefined || open.symbol !== p.symbol || open.rows + p.rows > maxRows) {
      open = { symbol: p.symbol, from: p.day, to: p.day + DAY_MS, days: [], rows: 0 }
      batches.push(open)
    }
    open.days.push(p.day)
    open.rows += p.rows
    open.to = p.day + DAY_MS
  }
  return batches
}
