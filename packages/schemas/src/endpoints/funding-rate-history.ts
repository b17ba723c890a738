/**
 * `/contract/public/funding-rate-history`: settled funding rates, newest first.
 *
 * @module
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { FAIL, fastList, withFastDecoder } from '../fast-list.ts'
import { modelMap } from '../model-map.ts'
import type { FundingRateRecord } from '../models.ts'
import { limitParam, limitQuery, symbolParam, symbolQuery } from '../params.ts'
import {
  decimalString,
  epochNumberOrString,
  epochNumberOrStringToMs,
  epochNumberOrStringWire,
  epochToMs,
  isDecimalString,
} from '../primitives.ts'
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
 * decodeData's path for the whole payload, by hand: the same checks as
 * `records`' generated row (symbol a string, the rate a decimal string, the
 * time a non-negative safe integer or a digit string, read as
 * `epochNumberOrStringToMs` reads it) in one loop, without a call per row or
 * the list wrappers, which on a 100-row payload cost a few percent of it.
 * Anything else is FAIL, and zod decides.
 */
function decodeFundingHistory(data: unknown): FundingRateRecord[] | typeof FAIL {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return FAIL
  const rows: unknown = (data as { list?: unknown }).list
  if (!Array.isArray(rows)) return FAIL
  const out: FundingRateRecord[] = new Array(rows.length)
  for (let r = 0; r < rows.length; r++) {
    const row: unknown = rows[r]
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return FAIL
    const { symbol, funding_rate: rate, funding_time: time } = row as Record<string, unknown>
    if (typeof symbol !== 'string' || !isDecimalString(rate)) return FAIL
    let ms: number
    if (typeof time === 'number') {
      if (!Number.isSafeInteger(time) || time < 0) return FAIL
      ms = time
    } else {
      if (typeof time !== 'string' || time.length === 0) return FAIL
      let value = 0
      for (let i = 0; i < time.length; i++) {
        const digit = time.charCodeAt(i) - 48
        if (digit >>> 0 > 9) return FAIL
        value = value * 10 + digit
      }
      // exact by hand up to 15 digits, else Number (as epochNumberOrStringToMs)
      ms = time.length > 15 ? Number(time) : value
    }
    out[r] = { symbol, fundingRate: rate, fundingTime: epochToMs(ms) }
  }
  return out
}

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
    decodeFundingHistory,
  ),
})
