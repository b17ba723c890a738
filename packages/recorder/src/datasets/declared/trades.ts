/**
 * `market-trade`: the latest trades, polled every round. The API gives no
 * trade id, so a trade is its content and its occurrence (`dup`) among
 * identical trades of the batch.
 *
 * @module
 */
import { canonicalDecimal } from '../columns.ts'
import { numberOccurrences } from '../dedup.ts'
import { defineRecords } from '../define.ts'

const LIMIT = 100

/** Trades. */
export const marketTrade = defineRecords('/contract/public/market-trade', {
  kind: 'trades',
  table: 'trades',
  columns: {
    time: 'time',
    price: 'decimal',
    qty: 'decimal',
    quote_qty: 'decimal',
    is_buyer_maker: 'boolean',
    dup: 'integer',
  },
  key: ['time', 'price', 'qty', 'quote_qty', 'is_buyer_maker', 'dup'],
  time: 'time',
  scope: 'symbol',
  request: (client, method, { symbol = '' }) => client[method]({ symbol, limit: LIMIT }),
  rows: (trades) =>
    numberOccurrences(
      trades.map((t) => ({
        symbol: t.symbol,
        time: t.time,
        price: t.price,
        qty: t.qty,
        quote_qty: t.quoteQty,
        is_buyer_maker: t.isBuyerMaker,
      })),
      (t) =>
        `${t.time}|${canonicalDecimal(t.price)}|${canonicalDecimal(t.qty)}|${canonicalDecimal(t.quote_qty)}|${t.is_buyer_maker}`,
    ),
})
