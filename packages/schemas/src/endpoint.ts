/**
 * The shape of one row of the endpoint table: a route plus its schemas.
 *
 * @module
 */
import type * as z from 'zod/mini'
import type { RouteDefinition } from './routes.ts'

/**
 * The schemas of one endpoint.
 *
 * - `params` takes what users pass (camelCase, ms or `Date`, step aliases) to
 *   the wire query (snake_case, wire units), validating on the way.
 * - `query` takes a wire query as a server receives it (all strings) to the
 *   same typed wire query, so a server validates exactly what clients send.
 * - `wire` checks a wire `data` payload without changing it.
 * - `data` takes a wire `data` payload to the normalized model.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 * const schemas: EndpointSchemas = { params: z.object({}), query: z.object({}), wire: z.null(), data: z.null() }
 * ```
 */
export interface EndpointSchemas<
  Params extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniType,
  Wire extends z.ZodMiniType = z.ZodMiniType,
  Data extends z.ZodMiniType = z.ZodMiniType,
> {
  params: Params
  query: Query
  wire: Wire
  data: Data
}

/**
 * One endpoint of the interface: everything the client, the sandbox and the
 * docs need to know about it, in one place.
 *
 * @typeParam Path - The endpoint path.
 * @example
 * ```ts
 * import { endpoints } from '@perpkit/schemas'
 * const depth: EndpointDefinition = endpoints['/contract/public/depth']
 * depth.params.parse({ symbol: 'BTCUSDT' }) // { symbol: 'BTCUSDT' }
 * ```
 */
export interface EndpointDefinition<Path extends string = string>
  extends RouteDefinition<Path>,
    EndpointSchemas {}

/**
 * Joins a route of `endpointRoutes` with its schemas.
 *
 * @param route - The route (path, client method, auth, budget...).
 * @param schemas - `params`, `query`, `wire` and `data`.
 * @returns The table row.
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 * import { endpointRoutes } from '@perpkit/schemas/lite'
 *
 * const openInterestWire = z.object({ symbol: z.string(), open_interest: z.string() })
 * const row = defineEndpoint(endpointRoutes['/contract/public/open-interest'], {
 *   params: z.object({ symbol: z.string() }),
 *   query: z.object({ symbol: z.string() }),
 *   wire: openInterestWire,
 *   data: openInterestWire,
 * })
 * ```
 */
export function defineEndpoint<
  const Route extends RouteDefinition,
  const Schemas extends EndpointSchemas,
>(route: Route, schemas: Schemas): Route & Schemas {
  return { ...route, ...schemas }
}
