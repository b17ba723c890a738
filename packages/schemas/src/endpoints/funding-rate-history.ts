/**
 * `/contract/public/funding-rate-history`: settled funding rates, newest first.
 *
 * @module
 */
import { z } from 'zod'
import type { EndpointDefinition } from '../endpoint.ts'
import type { FundingRateRecord } from '../models.ts'
import { limitParam, limitQuery, symbolParam, symbolQuery } from '../params.ts'
import { decimalString, epochNumberOrString } from '../primitives.ts'

const MAX_HISTORY = 100

/**
 * The wire `data` of funding-rate-history: `{ list: [...] }`; `funding_time`
 * is a digit string in the docs and a number in other samples.
 *
 * @example
 * ```ts
 * fundingRateHistoryWire.parse({ list: [{ symbol: 'BTCUSDT', funding_rate: '0.0001', funding_time: '1767225600000' }] })
 * ```
 */
export const fundingRateHistoryWire = z.object({
  list: z.array(
    z.object({
      symbol: z.string(),
      funding_rate: decimalString,
      funding_time: epochNumberOrString,
    }),
  ),
})

/**
 * Funding rate history.
 *
 * @example
 * ```ts
 * fundingRateHistoryEndpoint.params.parse({ symbol: 'BTCUSDT', limit: 24 })
 * ```
 */
export const fundingRateHistoryEndpoint = {
  path: '/contract/public/funding-rate-history',
  method: 'GET',
  auth: 'NONE',
  description: 'Settled funding rates of one contract, newest first',
  params: z.object({ symbol: symbolParam, limit: limitParam(MAX_HISTORY) }),
  query: z.object({ symbol: symbolQuery, limit: limitQuery(MAX_HISTORY) }),
  wire: fundingRateHistoryWire,
  data: fundingRateHistoryWire.transform(({ list }) =>
    list.map(
      (r): FundingRateRecord => ({
        symbol: r.symbol,
        fundingRate: r.funding_rate,
        fundingTime: r.funding_time,
      }),
    ),
  ),
  rateLimit: { limit: 12, windowMs: 2000 },
  maxRecords: MAX_HISTORY,
  defaultRecords: MAX_HISTORY,
  order: 'newest first',
} as const satisfies EndpointDefinition<'/contract/public/funding-rate-history'>
