/**
 * The declarations: one per recorded path of the endpoint table, so that a
 * new endpoint does not compile until it is declared here (or named in
 * {@link NOT_RECORDED}).
 *
 * @module
 */
import { type EndpointPath, endpointPaths } from '@perpkit/schemas/lite'
import type { Dataset } from '../define.ts'
import { depth, openInterest } from './book.ts'
import { kline, markPriceKline } from './candles.ts'
import { details, leverageBracket } from './contract-changes.ts'
import { fundingRate, fundingRateHistory, fundingRates } from './funding.ts'
import { marketTrade } from './trades.ts'

/** Endpoints the recorder does not keep (none): a new endpoint goes here or gets a declaration. */
const NOT_RECORDED = [] as const satisfies readonly EndpointPath[]

/**
 * The endpoint paths the recorder keeps.
 *
 * @example
 * ```ts
 * const path: RecordedPath = '/contract/public/depth'
 * ```
 */
export type RecordedPath = Exclude<EndpointPath, (typeof NOT_RECORDED)[number]>

/** Each recorded path's dataset: the compiler asks for every one. */
const DECLARED = {
  [kline.path]: kline,
  [markPriceKline.path]: markPriceKline,
  [marketTrade.path]: marketTrade,
  [fundingRate.path]: fundingRate,
  [fundingRateHistory.path]: fundingRateHistory,
  [details.path]: details,
  [leverageBracket.path]: leverageBracket,
  [depth.path]: depth,
  [openInterest.path]: openInterest,
  [fundingRates.path]: fundingRates,
} as const satisfies { [P in RecordedPath]: Dataset<P> }

/**
 * Every dataset the recorder keeps, in the endpoint table's order.
 *
 * @example
 * ```ts
 * import { datasets } from '@perpkit/recorder'
 *
 * for (const d of datasets) console.log(d.name, d.kind, d.table)
 * ```
 */
export const datasets: readonly Dataset[] = endpointPaths
  .filter((path): path is RecordedPath => !(NOT_RECORDED as readonly EndpointPath[]).includes(path))
  .map((path) => DECLARED[path])
