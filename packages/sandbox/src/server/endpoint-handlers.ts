/**
 * One handler per endpoint of the table, from a validated wire query to the
 * wire `data` payload. The mapped type makes a missing endpoint a compile
 * error; paths, record caps and orders come from the table.
 *
 * @module
 */
import {
  apiErrorCodes,
  depthEndpoint,
  detailsEndpoint,
  type EndpointPath,
  type Endpoints,
  endpoints,
  fundingRateEndpoint,
  fundingRateHistoryEndpoint,
  fundingRatesEndpoint,
  klineEndpoint,
  leverageBracketEndpoint,
  markPriceKlineEndpoint,
  openInterestEndpoint,
  tradesEndpoint,
} from '@perpkit/schemas'
import type { ContractModel } from '../market/contract-model.ts'
import { buildDepth, depthToJson } from '../market/depth.ts'
import { buildDetailsRow } from '../market/details.ts'
import { buildFundingHistory, buildFundingRate } from '../market/funding.ts'
import { buildFundingRates } from '../market/funding-rates.ts'
import { hash2 } from '../market/hash.ts'
import { withShuffledKeys } from '../market/key-order.ts'
import { buildKlines, klinesToJson } from '../market/klines.ts'
import type { Market } from '../market/market.ts'
import { buildOpenInterest } from '../market/open-interest.ts'
import { buildTrades } from '../market/trades.ts'
import { RawJson } from '../wire/respond.ts'
import { unknownSymbol } from '../wire/wire-error.ts'
import { queryError } from './query-errors.ts'

/** The validated wire query of an endpoint (what its `query` schema outputs). */
type QueryOf<P extends EndpointPath> = Extract<
  ReturnType<Endpoints[P]['query']['safeParse']>,
  { success: true }
>['data']

/** What a handler needs besides the query. */
export interface HandlerContext {
  market: Market
  depthLevels: number
  /** The request's time, epoch ms. */
  now: number
  /** With quirks, the key of the payload's key order (see `withShuffledKeys`); else `undefined`. */
  orderKey: number | undefined
}

type Handler<P extends EndpointPath> = (query: QueryOf<P>, context: HandlerContext) => unknown

/** The code for a bad or unknown symbol: 40012 on details, 40034 elsewhere. */
function symbolCodeOf(path: EndpointPath): number {
  return path === detailsEndpoint.path
    ? apiErrorCodes.UNKNOWN_DETAILS_SYMBOL
    : apiErrorCodes.UNKNOWN_SYMBOL
}

/**
 * The contract a request names. Unknown, not yet listed or (except on
 * details, which lists delisted contracts) delisted: 40034, as live.
 */
function contractOf(context: HandlerContext, symbol: string, path: EndpointPath): ContractModel {
  const model = context.market.find(symbol, context.now)
  const gone =
    model === undefined ||
    (path !== detailsEndpoint.path && model.lifecycle(context.now).status === 'Delisted')
  if (gone) throw unknownSymbol(symbol, symbolCodeOf(path))
  return model
}

function klineHandler(path: EndpointPath, kind: 'market' | 'mark') {
  return (query: QueryOf<typeof klineEndpoint.path>, context: HandlerContext) => {
    const klines = buildKlines(
      contractOf(context, query.symbol, path),
      kind,
      {
        step: query.step,
        startTime: query.start_time,
        endTime: query.end_time,
        maxRecords: klineEndpoint.maxRecords,
      },
      context.now,
    )
    return new RawJson(klinesToJson(klines, context.orderKey))
  }
}

const handlers: { [P in EndpointPath]: Handler<P> } = {
  [klineEndpoint.path]: klineHandler(klineEndpoint.path, 'market'),
  [markPriceKlineEndpoint.path]: klineHandler(markPriceKlineEndpoint.path, 'mark'),
  [tradesEndpoint.path]: (query, context) =>
    buildTrades(
      contractOf(context, query.symbol, tradesEndpoint.path),
      query.limit ?? tradesEndpoint.defaultRecords,
      context.now,
    ),
  [fundingRateEndpoint.path]: (query, context) =>
    buildFundingRate(contractOf(context, query.symbol, fundingRateEndpoint.path), context.now),
  [fundingRateHistoryEndpoint.path]: (query, context) =>
    buildFundingHistory(
      contractOf(context, query.symbol, fundingRateHistoryEndpoint.path),
      query.limit ?? fundingRateHistoryEndpoint.defaultRecords,
      context.now,
    ),
  [detailsEndpoint.path]: (query, context) => {
    const models =
      query.symbol === undefined
        ? context.market.listed(context.now)
        : [contractOf(context, query.symbol, detailsEndpoint.path)]
    return { symbols: models.map((model) => buildDetailsRow(model, context.now)) }
  },
  [leverageBracketEndpoint.path]: (query, context) => {
    const models =
      query.symbol === undefined
        ? context.market.listed(context.now)
        : [contractOf(context, query.symbol, leverageBracketEndpoint.path)]
    return { rules: models.map((model) => context.market.rule(model)) }
  },
  [depthEndpoint.path]: (query, context) => {
    const model = contractOf(context, query.symbol, depthEndpoint.path)
    return new RawJson(
      depthToJson(buildDepth(model, context.depthLevels, context.now), context.orderKey),
    )
  },
  [openInterestEndpoint.path]: (query, context) =>
    buildOpenInterest(contractOf(context, query.symbol, openInterestEndpoint.path), context.now),
  [fundingRatesEndpoint.path]: (query, context) => {
    const models =
      query.symbol === undefined
        ? context.market.listed(context.now)
        : [contractOf(context, query.symbol, fundingRatesEndpoint.path)]
    return buildFundingRates(models, context.now)
  },
}

/** The endpoint of a path, if the table has it. */
export function findEndpoint(path: string): EndpointPath | undefined {
  return Object.hasOwn(endpoints, path) ? (path as EndpointPath) : undefined
}

/**
 * Validates a received query with the table's schema and builds the payload.
 *
 * @throws {WireError} 400 with the parameter's code, or for an unknown or delisted symbol.
 */
export function serveEndpoint(
  path: EndpointPath,
  query: Record<string, string>,
  context: HandlerContext,
): unknown {
  // Each path's schema and handler match by construction of `handlers`; the union of the
  // table's schemas has no common call signature, so the pair is used through one shape.
  const schema = endpoints[path].query as {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: unknown }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  }
  const parsed = schema.safeParse(query)
  if (!parsed.success) throw queryError(parsed.error.issues, symbolCodeOf(path))
  const handler = handlers[path] as (query: unknown, context: HandlerContext) => unknown
  const payload = handler(parsed.data, context)
  if (context.orderKey === undefined || payload instanceof RawJson) return payload
  return withShuffledKeys(payload, hash2(context.orderKey, 1), path === detailsEndpoint.path)
}
