/**
 * Coverage of an archive per dataset × symbol (× step for candles): first,
 * last, rows, gaps (holes between stored candles, and gap rows), last write;
 * one query derived from the archive's datasets.
 *
 * @module
 */
import type { Dataset } from '../datasets/define.ts'
import { candleDatasets, recordDatasets } from '../datasets/tables.ts'
import { sqlList } from '../duckdb/sql.ts'
import type { StoreReader } from './open-store.ts'
import { selectDataset } from './select-dataset.ts'

/** One line of the status report. */
export interface StatusRow {
  dataset: string
  symbol: string
  step: number | null
  first: string | null
  last: string | null
  rows: number
  gaps: number
  lastWrite: string | null
}

function statusSql(datasets: readonly Dataset[]): string {
  const parts = recordDatasets(datasets).map(
    (d) => `SELECT dataset, symbol, NULL::INTEGER AS step, min(time_) AS first, max(time_) AS last,
        count(*) AS n, 0 AS holes FROM (${selectDataset(d)}) GROUP BY dataset, symbol`,
  )
  const names = candleDatasets(datasets).map((d) => d.name)
  if (names.length > 0)
    // Holes between candles are counted per series afterwards (HOLES_SQL).
    parts.unshift(`SELECT dataset, symbol, step, min(open_time) AS first, max(open_time) AS last, count(*) AS n,
      0 AS holes FROM candles WHERE list_contains(${sqlList(names)}, dataset)
    GROUP BY dataset, symbol, step`)
  return `WITH s AS (${parts.join(' UNION ALL ')})
    SELECT s.dataset, s.symbol, s.step, strftime(s.first, '%Y-%m-%dT%H:%M:%S.%gZ') AS first,
      strftime(s.last, '%Y-%m-%dT%H:%M:%S.%gZ') AS last, s.n AS rows,
      s.holes + (SELECT count(*) FROM gaps g WHERE g.dataset = s.dataset AND g.symbol = s.symbol) AS gaps,
      strftime(greatest(w.last_write, c.fetched_at), '%Y-%m-%dT%H:%M:%S.%gZ') AS last_write
    FROM s LEFT JOIN writes w ON w.dataset = s.dataset AND w.symbol = s.symbol
    LEFT JOIN (SELECT dataset, symbol, max(fetched_at) AS fetched_at FROM coverage GROUP BY ALL) c
      ON c.dataset = s.dataset AND c.symbol = s.symbol
    ORDER BY s.dataset, s.symbol, s.step`
}

/**
 * Holes between the stored candles of one series. One query a series: a window over
 * every candle of the archive at once (`PARTITION BY` series) runs out of the default
 * 64 MB from about ten symbols × a year of 1m candles; one series sorts within it.
 */
const HOLES_SQL = `SELECT count(*) FILTER (WHERE epoch_ms(open_time) - epoch_ms(prev) > $3 * 60000) AS holes
  FROM (SELECT open_time, lag(open_time) OVER (ORDER BY open_time) AS prev
        FROM candles WHERE dataset = $1 AND symbol = $2 AND step = $3)`

/**
 * Reads the status rows of an open archive.
 *
 * @param store - The archive.
 * @returns One row per series.
 */
export async function readStatus(store: StoreReader): Promise<StatusRow[]> {
  const rows = (await store.all(statusSql(store.datasets))).map((r) => ({
    dataset: String(r.dataset),
    symbol: String(r.symbol),
    step: r.step === null ? null : Number(r.step),
    first: (r.first as string | null) ?? null,
    last: (r.last as string | null) ?? null,
    rows: Number(r.rows),
    gaps: Number(r.gaps),
    lastWrite: (r.last_write as string | null) ?? null,
  }))
  for (const row of rows)
    if (row.step !== null) {
      const [found] = await store.all(HOLES_SQL, [row.dataset, row.symbol, row.step])
      row.gaps += Number(found?.holes ?? 0)
    }
  return rows
}
