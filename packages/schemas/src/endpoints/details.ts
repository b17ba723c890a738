/**
 * `/contract/public/details`: contract details, one or all.
 *
 * @module
 */
import * as z from 'zod/mini'
import { seldomSent } from '../drift.ts'
import { defineEndpoint } from '../endpoint.ts'
import { withPredicate } from '../fast-field.ts'
import { fastList, listFieldDecoder, withFastDecoder } from '../fast-list.ts'
import { safeIntegerSource } from '../fast-source.ts'
import type { Contract, ProductType } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import {
  decimalString,
  epochToMs,
  leafSchema,
  optionalEpochToMs,
  positiveInt,
  UINT_JSON,
  uint,
  unsignedDecimalString,
} from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

const isNoneableTime = (v: unknown) =>
  v === '' || v === null || (Number.isSafeInteger(v) && (v as number) >= 0)

/** `0`, `null`, `""` or absent mean "none". */
const noneableTime = z.optional(
  withPredicate(
    leafSchema<number | '' | null>(
      isNoneableTime,
      'a non-negative integer, or "" or null for none',
      {
        anyOf: [UINT_JSON, { enum: ['', null] }],
      },
    ),
    isNoneableTime,
    undefined,
    (v, fail) => `if (${v} !== '' && ${v} !== null) {\n${safeIntegerSource(0)(v, fail)}\n}`,
  ),
)

/**
 * One wire contract row. Accepts both `vol_precision` (live) and
 * `volume_precision` (the spec's table); fields that older rows lack are
 * optional; unknown extra fields are ignored.
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
    product_type: z.literal([1, 2], { error: '1 (perpetual) or 2 (futures)' }),
    base_currency: z.string(),
    quote_currency: z.string(),
    vol_precision: z.optional(unsignedDecimalString),
    // The spec's name; live rows send vol_precision, so its absence is not drift.
    volume_precision: seldomSent(z.optional(unsignedDecimalString)),
    price_precision: unsignedDecimalString,
    max_volume: unsignedDecimalString,
    market_max_volume: z.optional(unsignedDecimalString),
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
    funding_interval_hours: z.optional(positiveInt),
    // A literal of two values (zod's enum type would join the bundle for this field alone).
    status: z.optional(z.literal(['Trading', 'Delisted'])),
    delist_time: z.optional(uint),
    // Live rows carry it although the spec's table does not: next settlement, ms.
    funding_time: z.optional(uint),
  })
  .check(
    z.refine((row) => row.vol_precision !== undefined || row.volume_precision !== undefined, {
      error: 'vol_precision (or volume_precision) is required',
      path: ['vol_precision'],
    }),
  )

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

const PRODUCT_TYPES: Record<1 | 2, ProductType> = { 1: 'perpetual', 2: 'futures' }

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
  return {
    symbol: row.symbol,
    productType: PRODUCT_TYPES[row.product_type],
    baseCurrency: row.base_currency,
    quoteCurrency: row.quote_currency,
    volumePrecision: volumePrecisionOf(row),
    pricePrecision: row.price_precision,
    maxVolume: row.max_volume,
    marketMaxVolume: row.market_max_volume ?? null,
    minVolume: row.min_volume,
    contractSize: row.contract_size,
    indexPrice: row.index_price,
    indexName: row.index_name,
    minLeverage: row.min_leverage,
    maxLeverage: row.max_leverage,
    turnover24h: row.turnover_24h,
    volume24h: row.volume_24h,
    lastPrice: row.last_price,
    openTimestamp: epochToMs(row.open_timestamp),
    expireTimestamp: optionalEpochToMs(row.expire_timestamp),
    settleTimestamp: optionalEpochToMs(row.settle_timestamp),
    fundingRate: row.funding_rate,
    expectedFundingRate: row.expected_funding_rate,
    openInterest: row.open_interest,
    openInterestValue: row.open_interest_value,
    high24h: row.high_24h,
    low24h: row.low_24h,
    change24h: row.change_24h,
    fundingIntervalHours: row.funding_interval_hours ?? null,
    status: row.status ?? null,
    delistTime: optionalEpochToMs(row.delist_time),
    nextFundingTime: optionalEpochToMs(row.funding_time),
  }
}

const hasVolumePrecision = (row: z.output<typeof contractWire>) =>
  row.vol_precision !== undefined || row.volume_precision !== undefined

/** The quantity step under either wire name (the row's refinement requires one). */
function volumePrecisionOf(row: z.output<typeof contractWire>): string {
  const step = row.vol_precision ?? row.volume_precision
  if (step === undefined)
    throw new TypeError('a details row without vol_precision passed its check')
  return step
}

/** {@link toContract} as source, for the generated row check. */
function contractModel(w: Record<string, string>): string {
  const orNull = (v: string | undefined) => `(${v} === undefined ? null : ${v})`
  return `{
    symbol: ${w.symbol},
    productType: ${w.product_type} === 1 ? 'perpetual' : 'futures',
    baseCurrency: ${w.base_currency},
    quoteCurrency: ${w.quote_currency},
    volumePrecision: ${w.vol_precision} === undefined ? ${w.volume_precision} : ${w.vol_precision},
    pricePrecision: ${w.price_precision},
    maxVolume: ${w.max_volume},
    marketMaxVolume: ${orNull(w.market_max_volume)},
    minVolume: ${w.min_volume},
    contractSize: ${w.contract_size},
    indexPrice: ${w.index_price},
    indexName: ${w.index_name},
    minLeverage: ${w.min_leverage},
    maxLeverage: ${w.max_leverage},
    turnover24h: ${w.turnover_24h},
    volume24h: ${w.volume_24h},
    lastPrice: ${w.last_price},
    openTimestamp: epochToMs(${w.open_timestamp}),
    expireTimestamp: optionalEpochToMs(${w.expire_timestamp}),
    settleTimestamp: optionalEpochToMs(${w.settle_timestamp}),
    fundingRate: ${w.funding_rate},
    expectedFundingRate: ${w.expected_funding_rate},
    openInterest: ${w.open_interest},
    openInterestValue: ${w.open_interest_value},
    high24h: ${w.high_24h},
    low24h: ${w.low_24h},
    change24h: ${w.change_24h},
    fundingIntervalHours: ${orNull(w.funding_interval_hours)},
    status: ${orNull(w.status)},
    delistTime: optionalEpochToMs(${w.delist_time}),
    nextFundingTime: optionalEpochToMs(${w.funding_time}),
  }`
}

const contracts = fastList(contractWire, toContract, {
  accept: hasVolumePrecision,
  acceptSource: (w) => `${w.vol_precision} !== undefined || ${w.volume_precision} !== undefined`,
  model: contractModel,
  helpers: { epochToMs, optionalEpochToMs },
})

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
  data: withFastDecoder(
    z.pipe(
      z.object({ symbols: contracts }),
      z.transform(({ symbols }: { symbols: Contract[] }) => symbols),
    ),
    listFieldDecoder('symbols', contracts),
  ),
})
