/**
 * `/contract/public/funding-rate-v2`: the current funding rate of every
 * contract (or of one) in one call. Rows are shaped like funding-rate's, but
 * live servers send them without `timestamp`, may add keys (the funding
 * interval), and cover only a subset of the contracts.
 *
 * @module
 */
import * as z from 'zod/mini'
import { epochToMs, orNull, presentEpochToMs } from '../conversions.ts'
import { seldomSent } from '../decoder-marks.ts'
import { defineEndpoint } from '../endpoint.ts'
import { modelMap } from '../model-map.ts'
import { modelOf } from '../model-schema.ts'
import type { FundingRate } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import { decimalLike, decimalString, positiveInt, uint } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/**
 * One wire row of funding-rate-v2.
 *
 * @example
 * ```ts
 * fundingRateV2RowWire.parse({ symbol: 'BTCUSDT', rate_value: '0.0001', expected_rate: '0.0001', funding_time: 1767254400000, funding_upper_limit: '0.0375', funding_lower_limit: '-0.0375' })
 * ```
 */
export const fundingRateV2RowWire = z.object({
  symbol: z.string(),
  // Live rows come without it (the model says `null`): its absence is not drift.
  timestamp: seldomSent(z.optional(uint)),
  rate_value: decimalString,
  expected_rate: decimalString,
  funding_time: uint,
  funding_upper_limit: decimalLike,
  funding_lower_limit: decimalLike,
  // A key funding-rate's rows lack; live rows may carry it: not drift either way.
  funding_interval_hours: seldomSent(z.optional(positiveInt)),
})

/**
 * Maps a checked funding-rate-v2 row to the model.
 *
 * @param row - The wire row.
 * @returns The model; `timestamp` (and `fundingIntervalHours`) `null` when the row has none.
 * @example
 * ```ts
 * toFundingRateV2Row({ symbol: 'BTCUSDT', rate_value: '0.0001', expected_rate: '0.0001', funding_time: 1767254400000, funding_upper_limit: '0.0375', funding_lower_limit: '-0.0375' }).timestamp // null
 * ```
 */
export function toFundingRateV2Row(row: z.output<typeof fundingRateV2RowWire>): FundingRate {
  return rowModel.build(row)
}

const rowModel = modelMap<FundingRate>(
  [
    'symbol',
    ['timestamp', 'presentEpochToMs', 'timestamp'],
    'rate_value',
    'expected_rate',
    ['fundingTime', 'epochToMs', 'funding_time'],
    'funding_upper_limit',
    'funding_lower_limit',
    ['fundingIntervalHours', 'orNull', 'funding_interval_hours'],
  ],
  { presentEpochToMs, epochToMs, orNull },
)

/**
 * The current funding of every contract, in one call.
 *
 * @example
 * ```ts
 * fundingRatesEndpoint.params.parse({}) // {}
 * ```
 */
export const fundingRatesEndpoint = defineEndpoint(
  endpointRoutes['/contract/public/funding-rate-v2'],
  {
    params: z.object({ symbol: z.optional(symbolParam) }),
    query: z.object({ symbol: z.optional(symbolQuery) }),
    wire: z.array(fundingRateV2RowWire),
    data: z.array(modelOf(fundingRateV2RowWire, rowModel)),
  },
)
