/**
 * Erasing candles so that `backfill` fetches them again (freqtrade's
 * `--erase`): in one transaction per call, the candles of each series that
 * open in the range, and the coverage rows with them, trimmed to what stays
 * stored. A window the range cuts keeps its coverage outside the range, so
 * coverage still names exactly the stored candles and the next backfill plans
 * the erased span, and only it, as missing.
 *
 * @module
 */
import { alignToStep, candleSpan, type KlineStep, stepMs } from '@perpkit/schemas/lite'
import { tableColumns } from '../datasets/table.ts'
import { COVERAGE } from '../datasets/tables.ts'
import { insertValues } from '../duckdb/values.ts'
import type { Store } from './open-store.ts'

/** One candle series. */
export interface CandleSeries {
  dataset: string
  symbol: string
  step: KlineStep
}

/** What was erased of one series. */
export interface ErasedSeries extends CandleSeries {
  /** Candles deleted. */
  candles: number
  /** Stored windows the range touched (deleted, or trimmed to what stays). */
  windows: number
  /** Open times of the first and last candle the range covers, ms. */
  from: number
  to: number
}

/**
 * The open time of the last candle that closes by `to` (ms): the end of a
 * backfill's range for a step.
 *
 * @param to - The range's end, ms.
 * @param step - The step.
 * @returns The last open time, inclusive (below the range's start when none fits).
 */
function lastOpenBy(to: number, step: KlineStep): number {
  return alignToStep(to + 1, step) - stepMs(step)
}

/**
 * Erases the candles of `series` that open in `[from, to]` and close by `to`.
 *
 * @param store - The archive.
 * @param series - The series.
 * @param range - Epoch ms.
 * @returns What was erased, per series whose range holds a candle.
 */
export async function eraseCandles(
  store: Store,
  series: readonly CandleSeries[],
  range: { from: number; to: number },
): Promise<ErasedSeries[]> {
  return store.transaction(async (conn) => {
    const erased: ErasedSeries[] = []
    for (const s of series) {
      const ms = stepMs(s.step)
      const { first, count } = candleSpan(range.from, lastOpenBy(range.to, s.step), s.step)
      if (count === 0) continue
      const last = first + (count - 1) * ms
      const key = [s.dataset, s.symbol, s.step, first, last]
      const within = `dataset = $1 AND symbol = $2 AND step = $3`
      const deleted = await conn.run(
        `DELETE FROM candles WHERE ${within}
         AND open_time BETWEEN make_timestamp_ms($4::BIGINT) AND make_timestamp_ms($5::BIGINT)`,
        key,
      )
      const windows = (
        await conn.runAndReadAll(
          `DELETE FROM coverage WHERE ${within}
           AND start_time <= make_timestamp_ms($5::BIGINT) AND end_time >= make_timestamp_ms($4::BIGINT)
           RETURNING epoch_ms(start_time) AS s, epoch_ms(end_time) AS e, epoch_ms(fetched_at) AS f`,
          key,
        )
      ).getRowObjectsJson()
      const kept: unknown[][] = []
      for (const w of windows) {
        const [start, end, fetched] = [Number(w.s), Number(w.e), Number(w.f)]
        if (start < first) kept.push([s.dataset, s.symbol, s.step, start, first - ms, fetched])
        if (end > last) kept.push([s.dataset, s.symbol, s.step, last + ms, end, fetched])
      }
      if (kept.length > 0) await insertValues(conn, COVERAGE.table, tableColumns(COVERAGE), kept)
      erased.push({
        ...s,
        candles: deleted.rowsChanged,
        windows: windows.length,
        from: first,
        to: last,
      })
    }
    return erased
  })
}

/**
 * The note of an erased series: a JSON event, or a line on a TTY.
 *
 * @param erased - What was erased.
 * @returns Its fields and line.
 */
export function erasedNote(erased: ErasedSeries): {
  fields: Record<string, unknown>
  line: string
} {
  return {
    fields: { event: 'erased', ...erased },
    line: `erased ${erased.dataset} ${erased.symbol} ${erased.step}: ${erased.candles} candles, ${erased.windows} windows (${new Date(erased.from).toISOString()} → ${new Date(erased.to).toISOString()})`,
  }
}
