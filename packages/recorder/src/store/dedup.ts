/**
 * What one poll adds, decided without storage: the content key of each trade
 * (trades carry no id) and whether a batch lost the span before it. Both
 * `record` (DuckDB) and record jobs (Parquet tree, last batch kept in Redis)
 * use these, so one machine and many deduplicate alike.
 *
 * @module
 */
import type { Trade } from '@perpkit/schemas'

/**
 * A decimal as one text per value, so wire text (`97123.4`) and DuckDB's
 * DECIMAL(38,18) text (`97123.400000000000000000`) key alike.
 *
 * @param text - A decimal string.
 * @returns Its shortest form: no `+`, no leading or trailing zeros, no `-0`.
 */
function canonicalDecimal(text: string): string {
  const negative = text.startsWith('-')
  const [whole = '', fraction = ''] = text.replace(/^[-+]/, '').split('.')
  const int = whole.replace(/^0+/, '') || '0'
  const frac = fraction.replace(/0+$/, '')
  const body = frac === '' ? int : `${int}.${frac}`
  return negative && /[1-9]/.test(body) ? `-${body}` : body
}

/**
 * A trade's content as one string, whether read from the wire or from storage.
 *
 * @param time - Epoch ms.
 * @param price - Decimal string.
 * @param qty - Decimal string.
 * @param quote - Decimal string.
 * @param maker - Whether the buyer was the maker.
 * @returns `time|price|qty|quote|maker`, decimals in their shortest form.
 */
export function tradeKey(
  time: number,
  price: string,
  qty: string,
  quote: string,
  maker: boolean,
): string {
  return `${time}|${canonicalDecimal(price)}|${canonicalDecimal(qty)}|${canonicalDecimal(quote)}|${maker}`
}

/** A trade with its occurrence among identical trades of its batch, and the key of both. */
export interface KeyedTrade {
  trade: Trade
  /** 0 for the first (newest) of identical trades in the batch, 1 for the next, ... */
  dup: number
  /** `time|price|qty|quoteQty|isBuyerMaker|dup`. */
  key: string
}

/**
 * Keys the trades of one batch (newest first, as the API sends them): a
 * trade is its content plus its occurrence among identical trades, so the
 * same trade seen again in the overlap of two polls gets the same key.
 *
 * @param trades - One batch.
 * @returns The trades, in batch order, with their keys.
 */
export function keyTrades(trades: readonly Trade[]): KeyedTrade[] {
  const seen = new Map<string, number>()
  return trades.map((trade) => {
    const content = tradeKey(trade.time, trade.price, trade.qty, trade.quoteQty, trade.isBuyerMaker)
    const dup = seen.get(content) ?? 0
    seen.set(content, dup + 1)
    return { trade, dup, key: `${content}|${dup}` }
  })
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
