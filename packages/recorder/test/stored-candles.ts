import { type BackfillTarget, backfillArgv, query, rowKey } from './helpers.ts'
import { referenceCandles } from './queue-helpers.ts'

/** What a backfill test fills and compares: these symbols at one step, candles in [from, to). */
export interface CandleSpan {
  symbols: readonly string[]
  /** Minutes. */
  step: 1 | 60
  /** Open time of the first candle, ms. */
  from: number
  /** Close time of the last candle (the open time after it), ms. */
  to: number
}

/** The argv of `backfill` of `span` into `db` from `baseUrl`, then `extra` flags. */
export function spanArgv(
  db: string,
  baseUrl: string,
  span: CandleSpan,
  extra: readonly string[] = [],
): string[] {
  const target: BackfillTarget = {
    db,
    baseUrl,
    symbols: span.symbols.join(','),
    steps: String(span.step),
    from: span.from,
    to: span.to,
  }
  return backfillArgv(target, extra)
}

/** The sandbox's own candles of `span`, both candle datasets, read straight from it. */
export function sandboxCandles(baseUrl: string, span: CandleSpan): Promise<string[]> {
  return referenceCandles(baseUrl, span.symbols, [span.step], span.from, span.to)
}

/**
 * The candles of one step stored in an archive, keyed as {@link sandboxCandles} keys them
 * (duplicates kept), sorted.
 */
export async function storedCandles(db: string, step: number): Promise<string[]> {
  const rows = await query(
    db,
    `SELECT dataset, symbol, step, epoch_ms(open_time) AS t, open::VARCHAR AS o, high::VARCHAR AS h,
       low::VARCHAR AS l, close::VARCHAR AS c, volume::VARCHAR AS v FROM candles WHERE step = ${step}`,
  )
  return rows.map((r) => rowKey([r.dataset, r.symbol, r.step, r.t, r.o, r.h, r.l, r.c, r.v])).sort()
}
