/**
 * `/contract/public/funding-rate-history`: settled funding rates, newest first.
 *
 * @module
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { epochNumberOrString } from '../epochs.ts'
import { modelMap } from '../model-map.ts'
import { modelOf, pickField } from '../model-schema.ts'
import type { FundingRateRecord } from '../models.ts'
import { limitParam, limitQuery, symbolParam, symbolQuery } from '../params.ts'
import { decimalString } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

const route = endpointRoutes['/contract/public/funding-rate-history']

/** One settled rate (its `funding_time` schema takes the time to ms). */
const recordWire = z.object({
  symbol: z.string(),
  funding_rate: decimalString,
  funding_time: epochNumberOrString,
})

/**
 * The wire `data` of funding-rate-history: `{ list: [...] }`; `funding_time`
 * is a digit string in the docs and a number in other samples.
 *
 * @example
 * ```ts
 * fundingRateHistoryWire.parse({ list: [{ symbol: 'BTCUSDT', funding_rate: '0.0001', funding_time: '1767225600000' }] })
 * ```
 */
export const fundingRateHistoryWire = z.object({ list: z.array(recordWire) })

const recordModel = modelMap<FundingRateRecord>(['symbol', 'funding_rate', 'funding_time'])

const recordsData = pickField(z.object({ list: z.array(modelOf(recordWire, recordModel)) }), 'list')

/**
 * Settled funding rates of one contract.
 *
 * @example
 * ```ts
 * fundingRateHistoryEndpoint.params.parse({ symbol: 'BTCUSDT', limit: 20 })
 * ```
 */
export const fundingRateHistoryEndpoint = defineEndpoint(route, {
  params: z.object({ symbol: symbolParam, limit: limitParam(route.maxRecords) }),
  query: z.object({ symbol: symbolQuery, limit: limitQuery(route.maxRecords) }),
  wire: fundingRateHistoryWire,
  data: recordsData,
})
