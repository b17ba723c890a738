/**
 * `/contract/public/open-interest`: open interest and its value.
 *
 * @module
 */
import { z } from 'zod'
import type { EndpointDefinition } from '../endpoint.ts'
import type { OpenInterest } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import { decimalString, epoch, uint } from '../primitives.ts'

/**
 * The wire open interest. Values can carry 18+ decimals: kept as strings.
 *
 * @example
 * ```ts
 * openInterestWire.parse({ timestamp: 1767225600000, symbol: 'BTCUSDT', open_interest: '1.000000000000000001', open_interest_value: '65000' })
 * ```
 */
export const openInterestWire = z.object({
  timestamp: uint,
  symbol: z.string(),
  open_interest: decimalString,
  open_interest_value: decimalString,
})

/**
 * Open interest. Live deployments allow only 2 requests per 2 seconds here.
 *
 * @example
 * ```ts
 * openInterestEndpoint.rateLimit // { limit: 2, windowMs: 2000 }
 * ```
 */
export const openInterestEndpoint = {
  path: '/contract/public/open-interest',
  method: 'GET',
  auth: 'NONE',
  description: 'Open interest of one contract and its value',
  params: z.object({ symbol: symbolParam }),
  query: z.object({ symbol: symbolQuery }),
  wire: openInterestWire,
  data: openInterestWire.extend({ timestamp: epoch }).transform(
    (o): OpenInterest => ({
      symbol: o.symbol,
      timestamp: o.timestamp,
      openInterest: o.open_interest,
      openInterestValue: o.open_interest_value,
    }),
  ),
  rateLimit: { limit: 2, windowMs: 2000 },
} as const satisfies EndpointDefinition<'/contract/public/open-interest'>
