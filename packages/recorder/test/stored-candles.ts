import { createClient } from '@perpkit/client'
import type { KlineStep } from '@perpkit/schemas/lite'
import { query, rowKey } from './helpers.ts'

/** What to compare: the candles of these symbols at one step, open times in [from, to]. */
export interface CandleSpan {
  symbols: readonly string[]
  /** Minutes. */
  step: KlineStep
  from: number
  /** Open time of the last candle, ms. */
  to: number
  /** @default both candle datasets */
  datasets?: readonly ('kline' | 'markprice-kline')[]
}

/** The sandbox's own candles, read straight from it over HTTP, as sorted {@link rowKey}s. */
export async function sandboxCandles(baseUrl: string, span: CandleSpan): Promise<string[]> {
  const client = createClient({ baseUrl, rateLimit: false })
  const rows: string[] = []
  for (const dataset of span.datasets ?? ['kline', 'markprice-kline']) {
    const iterate = dataset === 'kline' ? client.iterKlines : client.iterMarkPriceKlines
    for (const symbol of span.symbols)
      for await (const c of iterate({
        symbol,
        step: span.step,
        startTime: span.from,
        endTime: span.to,
      }))
        rows.push(
          rowKey([
            dataset,
            symbol,
            c.timestamp,
            c.openPrice,
            c.highPrice,
            c.lowPrice,
            c.closePrice,
            c.volume,
          ]),
        )
  }
  return rows.sort()
}

/** The candles of one step stored in an archive, as sorted {@link rowKey}s (duplicates kept). */
export async function storedCandles(
  db: string,
  step: number,
  datasets: readonly string[] = ['kline', 'markprice-kline'],
): Promise<string[]> {
  const rows = await query(
    db,
    `SELECT dataset, symbol, epoch_ms(open_time) AS t, open::VARCHAR AS o, high::VARCHAR AS h,
       low::VARCHAR AS l, close::VARCHAR AS c, volume::VARCHAR AS v FROM candles
     WHERE step = ${step} AND list_contains(['${datasets.join("','")}'], dataset)`,
  )
  return rows.map((r) => rowKey([r.dataset, r.symbol, r.t, r.o, r.h, r.l, r.c, r.v])).sort()
}
