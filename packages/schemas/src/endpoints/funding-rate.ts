/**
 * `/contract/public/funding-rate`: the current funding rate of one contract.
 *
 * @module
 */
import * as z from 'zod/mini'
import { nullValue } from '../conversions.ts'
import { defineEndpoint } from '../endpoint.ts'
import { epoch } from '../epochs.ts'
import { modelMap } from '../model-map.ts'
import { modelOf } from '../model-schema.ts'
import type { FundingRate } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import { decimalLike, decimalString, uint } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/**
 * The wire funding rate. The limits come as decimal strings although the spec
 * types them Long, so numbers and strings are both accepted.
 *
 * @example
 * ```ts
 * fundingRateWire.parse({ symbol: 'BTCUSDT', timestamp: 1767225600000, rate_value: '0.0001', expected_rate: '0.0001', funding_time: 1767254400000, funding_upper_limit: '0.0375', funding_lower_limit: '-0.0375' })
 * ```
 */
export const fundingRateWire = z.object({
  timestamp: uint,
  symbol: z.string(),
  rate_value: decimalString,
  expected_rate: decimalString,
  funding_time: uint,
  funding_upper_limit: decimalLike,
  funding_lower_limit: decimalLike,
})

/**
 * A wire funding rate (limits already as strings).
 *
 * @example
 * ```ts
 * declare const f: FundingRateWire
 * f.rate_value
 * ```
 */
export type FundingRateWire = z.input<typeof fundingRateWire>

// A spread of the shape, not z.extend: the same object, without zod's extend in a browser bundle.
const fundingRateData = z.object({
  ...fundingRateWire.shape,
  timestamp: epoch,
  funding_time: epoch,
})

/**
 * Maps a checked wire funding row to the model (times already in ms).
 *
 * @param f - The wire row, after `epoch` normalized its times.
 * @returns The model.
 * @example
 * ```ts
 * toFundingRate({ timestamp: 1767225600000, symbol: 'BTCUSDT', rate_value: '0.0001', expected_rate: '0.00012', funding_time: 1767254400000, funding_upper_limit: '0.0375', funding_lower_limit: '-0.0375' })
 * ```
 */
export function toFundingRate(f: z.output<typeof fundingRateData>): FundingRate {
  return fundingRateModel.build(f)
}

const fundingRateModel = modelMap<FundingRate>(
  [
    'symbol',
    'timestamp',
    'rate_value',
    'expected_rate',
    'funding_time',
    'funding_upper_limit',
    'funding_lower_limit',
    // Only funding-rate-v2 rows say it.
    ['fundingIntervalHours', 'nullValue'],
  ],
  { nullValue },
)

/**
 * The current funding rate of one contract.
 *
 * @example
 * ```ts
 * fundingRateEndpoint.params.parse({ symbol: 'BTCUSDT' })
 * ```
 */
export const fundingRateEndpoint = defineEndpoint(endpointRoutes['/contract/public/funding-rate'], {
  params: z.object({ symbol: symbolParam }),
  query: z.object({ symbol: symbolQuery }),
  wire: fundingRateWire,
  data: modelOf(fundingRateData, fundingRateModel),
})
