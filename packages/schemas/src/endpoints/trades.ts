/**
 * `/contract/public/market-trade`: the latest trades, newest first.
 *
 * @module
 */
import { z } from 'zod'
import type { EndpointDefinition } from '../endpoint.ts'
import { fastList } from '../fast-list.ts'
import type { Trade } from '../models.ts'
import { limitParam, limitQuery, symbolParam, symbolQuery } from '../params.ts'
import { decimalString, epochToMs, uint } from '../primitives.ts'

/** The interface's largest `limit` for market-trade. */
const MAX_TRADES = 100

/**
 * One wire trade.
 *
 * @example
 * ```ts
 * tradeWire.parse({ symbol: 'BTCUSDT', price: '1', qty: '1', quote_qty: '1', time: 1767225600, is_buyer_maker: true })
 * ```
 */
export const tradeWire = z.object({
  symbol: z.string(),
  price: decimalString,
  qty: decimalString,
  quote_qty: decimalString,
  time: uint,
  is_buyer_maker: z.boolean(),
})

/**
 * A wire trade.
 *
 * @example
 * ```ts
 * declare const t: TradeWire
 * t.quote_qty
 * ```
 */
export type TradeWire = z.output<typeof tradeWire>

const tradesWire = z.array(tradeWire)

function toTrade(t: TradeWire): Trade {
  return {
    symbol: t.symbol,
    price: t.price,
    qty: t.qty,
    quoteQty: t.quote_qty,
    time: epochToMs(t.time),
    isBuyerMaker: t.is_buyer_maker,
  }
}

/**
 * Latest trades.
 *
 * @example
 * ```ts
 * tradesEndpoint.params.parse({ symbol: 'BTCUSDT', limit: 10 }) // { symbol: 'BTCUSDT', limit: 10 }
 * ```
 */
export const tradesEndpoint = {
  path: '/contract/public/market-trade',
  method: 'GET',
  auth: 'NONE',
  description: 'Latest trades of one contract, newest first',
  params: z.object({ symbol: symbolParam, limit: limitParam(MAX_TRADES) }),
  query: z.object({ symbol: symbolQuery, limit: limitQuery(MAX_TRADES) }),
  wire: tradesWire,
  data: fastList(tradeWire, toTrade),
  rateLimit: { limit: 12, windowMs: 2000 },
  maxRecords: MAX_TRADES,
  defaultRecords: 50,
  order: 'newest first',
} as const satisfies EndpointDefinition<'/contract/public/market-trade'>
