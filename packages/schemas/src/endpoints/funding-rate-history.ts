/**
 * `/contract/public/funding-rate-history`: settled funding rates, newest first.
 *
 * @module
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { epochNumberOrString, epochNumberOrStringToMs, epochNumberOrStringWire } from '../epochs.ts'
import { fastList, listFieldDecoder, withFastDecoder } from '../fast-list.ts'
import { modelMap } from '../model-map.ts'
import type { FundingRateRecord } from '../models.ts'
import { limitParam, limitQuery, symbolParam, symbolQuery } from '../params.ts'
import { decimalString } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

const route = endpointRoutes['/contract/public/funding-rate-history']

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

/** A row as sent, its time left as sent: the fast list converts it in one step. */
const fundingRateRowWire = z.object({
  symbol: z.string(),
  funding_rate: decimalString,
  funding_time: epochNumberOrStringWire,
})

const recordModel = modelMap<FundingRateRecord>(
  ['symbol', 'funding_rate', ['fundingTime', 'epochNumberOrStringToMs', 'funding_time']],
  { epochNumberOrStringToMs },
)

const records = fastList(fundingRateRowWire, recordModel.build, recordModel)

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
  data: withFastDecoder(
    z.pipe(
      z.object({ list: records }),
      z.transform(({ list }: { list: FundingRateRecord[] }) => list),
    ),
    listFieldDecoder('list', records),
  ),
})
