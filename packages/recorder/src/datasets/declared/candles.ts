/**
 * `kline` and `markprice-kline`: candles backfilled window by window into
 * the shared `candles` table.
 *
 * @module
 */
import { defineCandles } from '../define-candles.ts'

/** Market-price candles. */
export const kline = defineCandles('/contract/public/kline', {
  kind: 'candles',
  request: (client, method, window, signal) =>
    client[method](window, signal === undefined ? {} : { signal }),
})

/** Mark-price candles. */
export const markPriceKline = defineCandles('/contract/public/markprice-kline', {
  kind: 'candles',
  request: (client, method, window, signal) =>
    client[method](window, signal === undefined ? {} : { signal }),
})
