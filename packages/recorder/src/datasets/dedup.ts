/**
 * The one dedup rule, for one machine and many: a polled row is new when its
 * identity is not among the identities already known for its series, and a
 * full batch that starts after the newest known row lost what lay between
 * (a gap row says so). Only what is "known" differs: the stored rows of the
 * batch's span in the DuckDB file (one machine), or the last poll's rows kept
 * in Redis (many machines).
 *
 * A row's identity is its declared key (trades: content and occurrence among
 * identical trades of the batch; settlements: settlement time), or, for
 * `changes`, everything but its time: a change is stored only when it differs
 * from the last one.
 *
 * @module
 */
import { type AnyRow, type ColumnType, canonicalValue } from './columns.ts'
import type { RecordDataset } from './define.ts'

/** What is known of a series before a poll. */
export interface Known {
  /** Newest time stored (ms), or undefined before the first row. */
  newest: number | undefined
  /** Identities ({@link identity}) of the rows the new batch may repeat. */
  identities: ReadonlySet<string>
}

/** What a poll adds. */
export interface Fresh {
  /** Rows not known yet, in batch order. */
  rows: AnyRow[]
  /** The span `[from, to]` (ms) lost before the batch, when a full batch did not reach `newest`. */
  gap: { from: number; to: number } | undefined
}

/**
 * Numbers identical rows of one batch (newest first, as the API sends them):
 * the first gets `dup` 0, the next identical one 1, ... so the same trade seen
 * again in the overlap of two polls gets the same key.
 *
 * @param rows - One batch's rows without their occurrence.
 * @param content - The text that makes two rows identical.
 * @returns The rows with `dup`.
 * @example
 * ```ts
 * numberOccurrences([{ t: 1 }, { t: 1 }], (r) => String(r.t)).map((r) => r.dup) // [0, 1]
 * ```
 */
export function numberOccurrences<R extends object>(
  rows: readonly R[],
  content: (row: R) => string,
): (R & { dup: number })[] {
  const seen = new Map<string, number>()
  return rows.map((row) => {
    const text = content(row)
    const dup = seen.get(text) ?? 0
    seen.set(text, dup + 1)
    return { ...row, dup }
  })
}

/** Whether a kind deduplicates against known rows (snapshots are new by their poll time). */
export function dedupes(dataset: RecordDataset): boolean {
  return dataset.kind !== 'snapshots'
}

/** Whether a kind writes gap rows: trades and settlements, polled as capped batches. */
export function writesGaps(dataset: RecordDataset): boolean {
  return (
    (dataset.kind === 'trades' || dataset.kind === 'settlements') &&
    dataset.maxRecords !== undefined
  )
}

/**
 * The columns a row's identity is made of: the key, or for `changes` every column but the time.
 *
 * @param dataset - The dataset.
 * @returns Column names.
 */
export function identityColumns(dataset: RecordDataset): string[] {
  if (dataset.kind === 'changes')
    return Object.keys(dataset.columns).filter((c) => c !== dataset.time)
  return [...dataset.key]
}

/**
 * A row's identity as one text, the same whether the row comes from the wire or from storage
 * (values in their canonical form, see `canonicalValue`): for trades
 * `time|price|qty|quote_qty|is_buyer_maker|dup`. A catalog dataset's identity starts with the symbol.
 *
 * @param dataset - The dataset.
 * @param row - The row (stored values as `readSql` reads them).
 * @returns The identity.
 */
export function identity(dataset: RecordDataset, row: AnyRow): string {
  const values = identityColumns(dataset).map((c) =>
    canonicalValue(dataset.columns[c] as ColumnType, row[c]),
  )
  return (dataset.scope === 'catalog' ? [row.symbol, ...values] : values).join('|')
}

/**
 * The time of a row (its time column, epoch ms).
 *
 * @param dataset - The dataset.
 * @param row - The row.
 * @returns Epoch ms.
 */
export function rowTime(dataset: RecordDataset, row: AnyRow): number {
  return Number(row[dataset.time])
}

/**
 * The span a poll did not see: when something was stored before (`newest`)
 * and a full batch (`limit` records, so more may exist before it) starts
 * after it, whatever lay between was lost.
 *
 * @param newest - The newest stored time of the series, or undefined when none is.
 * @param times - The batch's times (ms).
 * @param limit - The request's cap.
 * @returns `[from, to]` (ms), or undefined when the batch reaches what was stored.
 */
export function lostSpan(
  newest: number | undefined,
  times: readonly number[],
  limit: number,
): { from: number; to: number } | undefined {
  if (newest === undefined || times.length === 0 || times.length < limit) return undefined
  const oldest = Math.min(...times)
  return oldest > newest ? { from: newest, to: oldest } : undefined
}

/**
 * The rule: the rows of a batch not known yet, and the span lost before it.
 *
 * @param dataset - The dataset.
 * @param rows - One poll's rows of one series.
 * @param known - What was known before it.
 * @returns What the poll adds.
 */
export function selectFresh(dataset: RecordDataset, rows: readonly AnyRow[], known: Known): Fresh {
  const gap = writesGaps(dataset)
    ? lostSpan(
        known.newest,
        rows.map((r) => rowTime(dataset, r)),
        dataset.maxRecords ?? Number.POSITIVE_INFINITY,
      )
    : undefined
  if (!dedupes(dataset)) return { rows: [...rows], gap }
  const seen = new Set(known.identities)
  const fresh: AnyRow[] = []
  for (const row of rows) {
    const id = identity(dataset, row)
    if (seen.has(id)) continue
    seen.add(id)
    fresh.push(row)
  }
  return { rows: fresh, gap }
}
