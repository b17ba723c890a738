/**
 * The endpoint table: the single source of truth that the client, the
 * sandbox and the docs all read.
 *
 * @module
 */
import type * as z from 'zod/mini'
import type { EndpointDefinition } from '../endpoint.ts'
import type { EndpointPath } from '../routes.ts'
import { depthEndpoint } from './depth.ts'
import { detailsEndpoint } from './details.ts'
import { fundingRateEndpoint } from './funding-rate.ts'
import { fundingRateHistoryEndpoint } from './funding-rate-history.ts'
import { fundingRatesEndpoint } from './funding-rate-v2.ts'
import { klineEndpoint, markPriceKlineEndpoint } from './kline.ts'
import { leverageBracketEndpoint } from './leverage-bracket.ts'
import { openInterestEndpoint } from './open-interest.ts'
import { tradesEndpoint } from './trades.ts'

/**
 * Every endpoint of the interface, keyed by path: each route of
 * `endpointRoutes` joined with its schemas. A route without schemas here
 * does not compile.
 *
 * @example
 * ```ts
 * import { endpoints } from '@perpkit/schemas'
 *
 * const kline = endpoints['/contract/public/kline']
 * const query = kline.params.parse({ symbol: 'BTCUSDT', step: '1h', startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 1, 1) })
 * // query: { symbol: 'BTCUSDT', step: 60, start_time: 1767225600, end_time: 1767229200 }
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
  [fundingRatesEndpoint.path]: fundingRatesEndpoint,
} as const satisfies { [P in EndpointPath]: EndpointDefinition<P> }

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
