/**
 * `status --out --redis`: holes against the plan. The tree alone shows the
 * holes between a series' first and last stored candles; days planned but
 * missing before the first or after the last (jobs that failed, a disk that
 * filled, files quarantined by compact) show only against what was planned.
 * A planned window counts as missing when the tree holds no candle of it,
 * unless its job found the API had none (before the listing).
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import { candleSpan, type KlineStep, MAX_KLINES_PER_REQUEST } from '@perpkit/schemas/lite'
import { sqlString } from '../duckdb/sql.ts'
import { type PlannedSeries, WindowState } from './coverage.ts'

/** A series key: `dataset|symbol|step`. */
type SeriesKey = string

/** What the tree says of a series, as `status --out` reports it. */
export interface SeriesCoverage {
  dataset: string
  symbol: string
  step: number | null
  first: string
  last: string
  rows: number
  holes: number
}

/** A series' coverage measured against the plan. */
export interface PlannedCoverage {
  /** Missing candles: between first and last, and in planned windows outside them. */
  holes: number
  /** The missing planned windows, merged: `YYYY-MM-DD..YYYY-MM-DD` (UTC, first and last candle's day). */
  missing: string[]
}

/**
 * The windows of each candle series that hold at least one candle in the tree.
 *
 * @param conn - A DuckDB connection.
 * @param roots - Candle roots (dataset name) and the glob of their files.
 * @returns Window starts by series.
 */
export async function windowsWithRows(
  conn: DuckDBConnection,
  roots: readonly { dataset: string; glob: string }[],
): Promise<Map<SeriesKey, Set<number>>> {
  const found = new Map<SeriesKey, Set<number>>()
  // The window length of a step, as backfill-jobs.ts's windowMs: whole days, as many as
  // one request's candles fill, at least one.
  const length = `(86400000 * greatest(1, (${MAX_KLINES_PER_REQUEST} * step * 60000) // 86400000))`
  for (const root of roots) {
    const rows = await conn.runAndReadAll(
      `SELECT DISTINCT symbol, step, (epoch_ms(open_time) // ${length}) * ${length} AS w
       FROM read_parquet(${sqlString(root.glob)}, hive_partitioning = true)`,
    )
    for (const r of rows.getRowObjectsJson()) {
      const key = `${root.dataset}|${r.symbol}|${r.step}`
      const set = found.get(key) ?? new Set<number>()
      found.set(key, set)
      set.add(Number(r.w))
    }
  }
  return found
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Measures one series against its plan.
 *
 * @param series - The planned series.
 * @param stored - What the tree holds of it, if anything.
 * @param withRows - Its windows that hold candles.
 * @returns Holes and missing windows.
 */
export function againstPlan(
  series: PlannedSeries,
  stored: SeriesCoverage | undefined,
  withRows: ReadonlySet<number>,
): PlannedCoverage {
  const first = stored === undefined ? Number.POSITIVE_INFINITY : Date.parse(stored.first)
  const last = stored === undefined ? Number.NEGATIVE_INFINITY : Date.parse(stored.last)
  let holes = stored?.holes ?? 0
  const ranges: [number, number][] = []
  for (const w of series.windows) {
    if (w.state === WindowState.empty || withRows.has(w.start)) continue
    // A window between first and last is already counted among the holes between.
    if (w.until < first || w.start > last)
      holes += candleSpan(w.start, w.until, series.step as KlineStep).count
    const previous = ranges.at(-1)
    if (previous !== undefined && previous[1] + series.step * 60_000 >= w.start)
      previous[1] = w.until
    else ranges.push([w.start, w.until])
  }
  return { holes, missing: ranges.map(([a, b]) => `${day(a)}..${day(b)}`) }
}
