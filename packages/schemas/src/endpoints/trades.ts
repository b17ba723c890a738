/**
 * `/contract/public/market-trade`: the latest trades, newest first.
 *
 * @module
 */
import * as z from 'zod/mini'
import { epochToMs } from '../conversions.ts'
import { defineEndpoint } from '../endpoint.ts'
import { modelMap } from '../model-map.ts'
import { modelOf } from '../model-schema.ts'
import type { Trade } from '../models.ts'
import { limitParam, limitQuery, symbolParam, symbolQuery } from '../params.ts'
import { boolean, uint, unsignedDecimalString } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/** The interface's largest `limit` for market-trade. */
const route = endpointRoutes['/contract/public/market-trade']

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
  price: unsignedDecimalString,
  qty: unsignedDecimalString,
  quote_qty: unsignedDecimalString,
  time: uint,
  is_buyer_maker: boolean,
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

/**
 * Maps a checked wire trade to the model (time in ms).
 *
 * @param t - The wire trade.
 * @returns The trade.
 * @example
 * ```ts
 * toTrade({ symbol: 'BTCUSDT', price: '65000', qty: '0.01', quote_qty: '650', time: 1767225600, is_buyer_maker: true }).time // 1767225600000
 * ```
 */
export function toTrade(t: TradeWire): Trade {
  return tradeModel.build(t)
}

const tradeModel = modelMap<Trade>(
  ['symbol', 'price', 'qty', 'quote_qty', ['time', 'epochToMs', 'time'], 'is_buyer_maker'],
  { epochToMs },
)

/**
 * Latest trades of one contract.
 *
 * @example
 * ```ts
 * tradesEndpoint.params.parse({ symbol: 'BTCUSDT', limit: 10 })
 * ```
 */
export const tradesEndpoint = defineEndpoint(route, {
  params: z.object({ symbol: symbolParam, limit: limitParam(route.maxRecords) }),
  query: z.object({ symbol: symbolQuery, limit: limitQuery(route.maxRecords) }),
  wire: tradesWire,
  data: z.array(modelOf(tradeWire, tradeModel)),
})
