/**
 * The shape of one row of the endpoint table.
 *
 * @module
 */
import type { z } from 'zod'

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
 * A request budget: at most `limit` requests per `windowMs`, per IP and endpoint.
 *
 * @example
 * ```ts
 * const budget: RateLimitBudget = { limit: 12, windowMs: 2000 }
 * ```
 */
export interface RateLimitBudget {
  limit: number
  windowMs: number
}

/**
 * One endpoint of the interface: everything the client, the sandbox and the
 * docs need to know about it, in one place.
 *
 * - `params` takes what users pass (camelCase, ms or `Date`, step aliases) to
 *   the wire query (snake_case, wire units), validating on the way.
 * - `query` takes a wire query as a server receives it (all strings) to the
 *   same typed wire query, so a server validates exactly what clients send.
 * - `wire` checks a wire `data` payload without changing it.
 * - `data` takes a wire `data` payload to the normalized model.
 *
 * @typeParam Path - The endpoint path.
 * @typeParam Params - User-facing parameter schema (input → wire query).
 * @typeParam Query - Server-side query schema (strings → wire query).
 * @typeParam Wire - Wire payload schema.
 * @typeParam Data - Wire payload → model schema.
 * @example
 * ```ts
 * import { endpoints } from '@perpkit/schemas'
 * const depth = endpoints['/contract/public/depth']
 * depth.params.parse({ symbol: 'BTCUSDT' }) // { symbol: 'BTCUSDT' }
 * ```
 */
export interface EndpointDefinition<
  Path extends string = string,
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Wire extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
> {
  path: Path
  method: 'GET'
  auth: AuthType
  /** One line for docs and error messages. */
  description: string
  params: Params
  query: Query
  wire: Wire
  data: Data
  /** The per-IP budget of live deployments. */
  rateLimit: RateLimitBudget
  /** Most records one request returns, when the interface caps it. */
  maxRecords?: number
  /** Records returned when the request names no `limit`. */
  defaultRecords?: number
  /** Order of the returned records, when it is a list. */
  order?: string
}
