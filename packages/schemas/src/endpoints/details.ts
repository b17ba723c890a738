/**
 * `/contract/public/details`: contract details, one or all.
 *
 * @module
 */
import * as z from 'zod/mini'
import { hasEither, isNoneableTime } from '../checks.ts'
import {
  epochToMs,
  optionalEpochToMs,
  orNull,
  productTypeOf,
  tradfiInfoOf,
  volumePrecisionOf,
} from '../conversions.ts'
import { markDecoder, seldomSent } from '../decoder-marks.ts'
import { defineEndpoint } from '../endpoint.ts'
import { modelMap } from '../model-map.ts'
import { modelOf, pickField } from '../model-schema.ts'
import type { Contract } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import {
  decimalString,
  oneOfValues,
  positiveInt,
  uint,
  unsignedDecimalString,
} from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/** `0`, `null`, `""` or absent mean "none". */
const noneableTime = z.optional(
  z.custom<number | '' | null>(isNoneableTime, {
    error: 'a non-negative integer, or "" or null for none',
  }),
)

/**
 * `tradfi_info`: `null` on crypto contracts; on a contract that tracks a
 * traditional market (shares, indices, FX, metals), an object naming the
 * market in `market_group` (`"US_MARKET"`, `"HK_STOCK"`, `"FOREX"`,
 * `"INDEX_JP"`, `"METAL_LME"`, ...).
 *
 * @example
 * ```ts
 * tradfiInfoWire.parse({ market_group: 'US_MARKET' }) // { market_group: 'US_MARKET' }
 * ```
 */
export const tradfiInfoWire = z.nullable(
  z.object({ market_group: z.optional(z.nullable(z.string())) }),
)

/**
 * One wire contract row. Accepts both `vol_precision` (live) and
 * `volume_precision` (the spec's table); fields that older rows lack are
 * optional; unknown extra fields are ignored. Optional fields whose absence
 * is normal (older rows lack the newer fields; `funding_time` and
 * `tradfi_info` are beyond the spec's table) are {@link seldomSent}: drift
 * does not report them missing.
 *
 * @example
 * ```ts
 * declare const row: unknown
 * contractWire.safeParse(row).success
 * ```
 */
export const contractWire = z
  .object({
    symbol: z.string(),
    product_type: oneOfValues([1, 2], '1 (perpetual) or 2 (futures)'),
    base_currency: z.string(),
    quote_currency: z.string(),
    vol_precision: z.optional(unsignedDecimalString),
    // The spec's name; live rows send vol_precision, so its absence is not drift.
    volume_precision: seldomSent(z.optional(unsignedDecimalString)),
    price_precision: unsignedDecimalString,
    max_volume: unsignedDecimalString,
    // Older rows lack it (and funding_interval_hours, status, delist_time): not drift.
    market_max_volume: seldomSent(z.optional(unsignedDecimalString)),
    min_volume: unsignedDecimalString,
    contract_size: unsignedDecimalString,
    index_price: unsignedDecimalString,
    index_name: z.string(),
    min_leverage: unsignedDecimalString,
    max_leverage: unsignedDecimalString,
    turnover_24h: unsignedDecimalString,
    volume_24h: unsignedDecimalString,
    last_price: unsignedDecimalString,
    open_timestamp: uint,
    expire_timestamp: noneableTime,
    settle_timestamp: noneableTime,
    funding_rate: decimalString,
    expected_funding_rate: decimalString,
    open_interest: unsignedDecimalString,
    open_interest_value: unsignedDecimalString,
    high_24h: unsignedDecimalString,
    low_24h: unsignedDecimalString,
    change_24h: decimalString,
    funding_interval_hours: seldomSent(z.optional(positiveInt)),
    status: seldomSent(
      z.optional(oneOfValues(['Trading', 'Delisted'], 'one of "Trading", "Delisted"')),
    ),
    delist_time: seldomSent(z.optional(uint)),
    // Live rows carry these two although the spec's table does not, so servers that
    // follow the table leave them out: next settlement (ms), and the market a TradFi
    // contract tracks.
    funding_time: seldomSent(z.optional(uint)),
    tradfi_info: seldomSent(z.optional(tradfiInfoWire)),
  })
  .check(
    z.refine((row) => hasEither(row.vol_precision, row.volume_precision), {
      error: 'vol_precision (or volume_precision) is required',
      path: ['vol_precision'],
    }),
  )

markDecoder(contractWire, {
  rule: hasEither,
  ruleKeys: ['vol_precision', 'volume_precision'],
})

/**
 * A wire contract row.
 *
 * @example
 * ```ts
 * declare const row: ContractWire
 * row.vol_precision
 * ```
 */
export type ContractWire = z.input<typeof contractWire>

/**
 * The wire `data` of details: `{ symbols: [...] }`.
 *
 * @example
 * ```ts
 * contractsWire.parse({ symbols: [] })
 * ```
 */
export const contractsWire = z.object({ symbols: z.array(contractWire) })

/**
 * The model of a details row: each wire key under its camelCase name, except
 * where a helper converts (times to ms, absent to `null`, the product type's
 * name, the quantity step under either wire name).
 */
const contractModel = modelMap<Contract>(
  [
    'symbol',
    ['productType', 'productTypeOf', 'product_type'],
    'base_currency',
    'quote_currency',
    ['volumePrecision', 'volumePrecisionOf', 'vol_precision', 'volume_precision'],
    'price_precision',
    'max_volume',
    ['marketMaxVolume', 'orNull', 'market_max_volume'],
    'min_volume',
    'contract_size',
    'index_price',
    'index_name',
    'min_leverage',
    'max_leverage',
    'turnover_24h',
    'volume_24h',
    'last_price',
    ['openTimestamp', 'epochToMs', 'open_timestamp'],
    ['expireTimestamp', 'optionalEpochToMs', 'expire_timestamp'],
    ['settleTimestamp', 'optionalEpochToMs', 'settle_timestamp'],
    'funding_rate',
    'expected_funding_rate',
    'open_interest',
    'open_interest_value',
    'high_24h',
    'low_24h',
    'change_24h',
    ['fundingIntervalHours', 'orNull', 'funding_interval_hours'],
    ['status', 'orNull', 'status'],
    ['delistTime', 'optionalEpochToMs', 'delist_time'],
    ['nextFundingTime', 'optionalEpochToMs', 'funding_time'],
    ['tradfiInfo', 'tradfiInfoOf', 'tradfi_info'],
  ],
  { productTypeOf, volumePrecisionOf, orNull, epochToMs, optionalEpochToMs, tradfiInfoOf },
)

/**
 * Maps a checked wire details row to the model.
 *
 * @param row - A row that passed `contractWire`.
 * @returns The contract, times in ms and "none" values as `null`.
 * @example
 * ```ts
 * import { contractWire } from '@perpkit/schemas'
 * declare const wireRow: unknown
 * const contract = toContract(contractWire.parse(wireRow))
 * ```
 */
export function toContract(row: z.output<typeof contractWire>): Contract {
  return contractModel.build(row)
}

/**
 * Contract details; without `symbol`, every contract (delisted ones included).
 *
 * @example
 * ```ts
 * detailsEndpoint.params.parse({}) // {}
 * ```
 */
export const detailsEndpoint = defineEndpoint(endpointRoutes['/contract/public/details'], {
  params: z.object({ symbol: z.optional(symbolParam) }),
  query: z.object({ symbol: z.optional(symbolQuery) }),
  wire: contractsWire,
  data: pickField(z.object({ symbols: z.array(modelOf(contractWire, contractModel)) }), 'symbols'),
})
