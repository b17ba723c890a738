/**
 * The endpoint table's zod-free half: for each path, everything but the
 * schemas (the client method, auth, budget, record limits, order). It is what
 * a client needs at import time to build its methods, so it lives in `/lite`;
 * the schemas join it in `endpoints`, and the compiler refuses a route
 * without schemas, a client without its method, and a sandbox without its handler.
 *
 * @module
 */
import { PUBLIC_RATE_LIMIT, type RateLimitBudget } from './conventions.ts'
import { MAX_KLINES_PER_REQUEST } from './kline-steps.ts'

/**
 * How an endpoint authenticates: `NONE` (public), `KEYED` (API key header) or
 * `SIGNED` (key, timestamp and HMAC signature headers).
 *
 * @example
 * ```ts
 * const auth: AuthType = 'SIGNED'
 * ```
 */
export type AuthType = 'NONE' | 'KEYED' | 'SIGNED'

/**
 * One route of the interface, complete with the interface's defaults.
 *
 * @typeParam Path - The endpoint path.
 * @typeParam Method - The client method that calls it.
 * @example
 * ```ts
 * const depth: RouteDefinition = endpointRoutes['/contract/public/depth']
 * depth.clientMethod // 'getDepth'
 * ```
 */
export interface RouteDefinition<Path extends string = string, Method extends string = string> {
  path: Path
  /** The HTTP method: every endpoint of the interface is a GET. */
  method: 'GET'
  /** How the endpoint authenticates. */
  auth: AuthType
  /** The name of the client method that calls it, e.g. `'getDepth'`. */
  clientMethod: Method
  /** One line for docs and error messages. */
  description: string
  /** The per-IP budget of live deployments. */
  rateLimit: RateLimitBudget
  /** Most records one request returns, when the interface caps it. */
  maxRecords?: number
  /** Records returned when the request names no `limit`. */
  defaultRecords?: number
  /** Order of the returned records, when it is a list. */
  order?: string
}

/**
 * What a route states: its own facts. `method` (GET), `auth` (NONE) and
 * `rateLimit` (the public budget) default to the interface's.
 *
 * @example
 * ```ts
 * const input: RouteInput = { clientMethod: 'getDepth', description: 'Order-book depth' }
 * ```
 */
export type RouteInput = Omit<RouteDefinition, 'path' | 'method' | 'auth' | 'rateLimit'> &
  Partial<Pick<RouteDefinition, 'auth' | 'rateLimit'>>

/**
 * Completes a route with the interface's defaults.
 *
 * @param path - The endpoint path.
 * @param input - What is the route's own.
 * @returns The complete route.
 * @example
 * ```ts
 * const route = defineRoute('/contract/public/depth', { clientMethod: 'getDepth', description: 'Order-book depth' })
 * route.rateLimit // { limit: 12, windowMs: 2000 }
 * ```
 */
export function defineRoute<const Path extends string, const Input extends RouteInput>(
  path: Path,
  input: Input,
): RouteDefinition<Path, Input['clientMethod']> & Input {
  return { path, method: 'GET', auth: 'NONE', rateLimit: PUBLIC_RATE_LIMIT, ...input }
}

/**
 * Completes a table of routes keyed by path (see {@link defineRoute}).
 *
 * @param inputs - Each path's own facts.
 * @returns The complete routes, keyed by path.
 * @example
 * ```ts
 * const routes = defineRoutes({ '/contract/public/depth': { clientMethod: 'getDepth', description: 'Order-book depth' } })
 * routes['/contract/public/depth'].auth // 'NONE'
 * ```
 */
export function defineRoutes<const Inputs extends Record<string, RouteInput>>(
  inputs: Inputs,
): { [P in keyof Inputs & string]: RouteDefinition<P, Inputs[P]['clientMethod']> & Inputs[P] } {
  const routes: Record<string, RouteDefinition> = {}
  for (const [path, input] of Object.entries(inputs)) routes[path] = defineRoute(path, input)
  return routes as {
    [P in keyof Inputs & string]: RouteDefinition<P, Inputs[P]['clientMethod']> & Inputs[P]
  }
}

/**
 * Every route of the interface, keyed by path, in the spec's order: the
 * zod-free half of `endpoints`.
 *
 * @example
 * ```ts
 * import { endpointRoutes } from '@perpkit/schemas/lite'
 *
 * for (const route of Object.values(endpointRoutes)) console.log(route.clientMethod, route.path)
 * ```
 */
export const endpointRoutes = defineRoutes({
  '/contract/public/kline': {
    clientMethod: 'getKlines',
    description: 'Market-price K-line series of one contract (at most 500 candles a request)',
    maxRecords: MAX_KLINES_PER_REQUEST,
    order: 'ascending by time',
  },
  '/contract/public/markprice-kline': {
    clientMethod: 'getMarkPriceKlines',
    description: 'Mark-price K-line series of one contract (at most 500 candles a request)',
    maxRecords: MAX_KLINES_PER_REQUEST,
    order: 'ascending by time',
  },
  '/contract/public/market-trade': {
    clientMethod: 'getTrades',
    description: 'Latest trades of one contract, newest first',
    maxRecords: 100,
    defaultRecords: 50,
    order: 'newest first',
  },
  '/contract/public/funding-rate': {
    clientMethod: 'getFundingRate',
    description: 'Current funding rate of one contract',
  },
  '/contract/public/funding-rate-history': {
    clientMethod: 'getFundingRateHistory',
    description: 'Settled funding rates of one contract, newest first',
    maxRecords: 100,
    defaultRecords: 100,
    order: 'newest first',
  },
  '/contract/public/details': {
    clientMethod: 'getContracts',
    description: 'Contract details: one contract, or all of them (delisted included)',
  },
  '/contract/public/leverage-bracket': {
    clientMethod: 'getLeverageBrackets',
    description: 'Leverage risk brackets, ascending, of one contract or of all',
    order: 'brackets ascending',
  },
  '/contract/public/depth': {
    clientMethod: 'getDepth',
    description: 'Order-book depth of one contract: bids descending, asks ascending',
    order: 'bids descending by price, asks ascending',
  },
  '/contract/public/open-interest': {
    clientMethod: 'getOpenInterest',
    description: 'Open interest of one contract and its value',
    rateLimit: { limit: 2, windowMs: 2000 },
  },
  '/contract/public/funding-rate-v2': {
    clientMethod: 'getFundingRates',
    description: 'Current funding rate of every contract (or of one), in one call',
  },
})

/**
 * The routes of the interface keyed by path.
 *
 * @example
 * ```ts
 * type DepthRoute = EndpointRoutes['/contract/public/depth'] // { clientMethod: 'getDepth', ... }
 * ```
 */
export type EndpointRoutes = typeof endpointRoutes

/**
 * A path of the interface, e.g. `'/contract/public/depth'`.
 *
 * @example
 * ```ts
 * const path: EndpointPath = '/contract/public/kline'
 * ```
 */
export type EndpointPath = keyof EndpointRoutes

/**
 * Every path, in the spec's order.
 *
 * @example
 * ```ts
 * for (const path of endpointPaths) console.log(path)
 * ```
 */
export const endpointPaths = Object.keys(endpointRoutes) as readonly EndpointPath[]

/**
 * The client method name of each path.
 *
 * @example
 * ```ts
 * const name: ClientMethodName<'/contract/public/depth'> = 'getDepth'
 * ```
 */
export type ClientMethodName<P extends EndpointPath = EndpointPath> =
  EndpointRoutes[P]['clientMethod']
