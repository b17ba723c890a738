/**
 * The endpoint table: the single source of truth that the client, the
 * sandbox and the docs all read.
 *
 * @module
 */
import type { z } from 'zod'
import { depthEndpoint } from './depth.ts'
import { detailsEndpoint } from './details.ts'
import { fundingRateEndpoint } from './funding-rate.ts'
import { fundingRateHistoryEndpoint } from './funding-rate-history.ts'
import { klineEndpoint, markPriceKlineEndpoint } from './kline.ts'
import { leverageBracketEndpoint } from './leverage-bracket.ts'
import { openInterestEndpoint } from './open-interest.ts'
import { tradesEndpoint } from './trades.ts'

/**
 * Every endpoint of the interface, keyed by path.
 *
 * @example
 * ```ts
 * import { endpoints } from '@perpkit/schemas'
 *
 * const kline = endpoints['/contract/public/kline']
 * const query = kline.params.parse({ symbol: 'BTCUSDT', step: '1h', startTime: 0, endTime: 3_600_000 })
 * // query: { symbol: 'BTCUSDT', step: 60, start_time: 0, end_time: 3600 }
 * const candles = kline.data.parse(wirePayload.data) // Kline[]
 * ```
 */
export const endpoints = {
  [klineEndpoint.path]: klineEndpoint,
  [markPriceKlineEndpoint.path]: markPriceKlineEndpoint,
  [tradesEndpoint.path]: tradesEndpoint,
  [fundingRateEndpoint.path]: fundingRateEndpoint,
  [fundingRateHistoryEndpoint.path]: fundingRateHistoryEndpoint,
  [detailsEndpoint.path]: detailsEndpoint,
  [leverageBracketEndpoint.path]: leverageBracketEndpoint,
  [depthEndpoint.path]: depthEndpoint,
  [openInterestEndpoint.path]: openInterestEndpoint,
} as const

/**
 * The table's type.
 *
 * @example
 * ```ts
 * type DepthRow = Endpoints['/contract/public/depth']
 * ```
 */
export type Endpoints = typeof endpoints

/**
 * A path of the interface, e.g. `'/contract/public/depth'`.
 *
 * @example
 * ```ts
 * const path: EndpointPath = '/contract/public/kline'
 * ```
 */
export type EndpointPath = keyof Endpoints

/**
 * What a user passes for an endpoint (camelCase, ms or `Date`, step aliases).
 *
 * @example
 * ```ts
 * const p: EndpointParams<'/contract/public/market-trade'> = { symbol: 'BTCUSDT', limit: 10 }
 * ```
 */
export type EndpointParams<P extends EndpointPath> = z.input<Endpoints[P]['params']>

/**
 * The wire query an endpoint's params become (snake_case, wire units).
 *
 * @example
 * ```ts
 * type Q = EndpointQuery<'/contract/public/kline'> // { symbol; step; start_time; end_time }
 * ```
 */
export type EndpointQuery<P extends EndpointPath> = z.output<Endpoints[P]['params']>

/**
 * The wire `data` payload of an endpoint.
 *
 * @example
 * ```ts
 * type W = EndpointWire<'/contract/public/depth'>
 * ```
 */
export type EndpointWire<P extends EndpointPath> = z.input<Endpoints[P]['wire']>

/**
 * The normalized model an endpoint returns.
 *
 * @example
 * ```ts
 * type Book = EndpointModel<'/contract/public/depth'> // Depth
 * ```
 */
export type EndpointModel<P extends EndpointPath> = z.output<Endpoints[P]['data']>

/**
 * Every path, in the spec's order.
 *
 * @example
 * ```ts
 * endpointPaths.length // 9
 * ```
 */
export const endpointPaths = Object.keys(endpoints) as EndpointPath[]
