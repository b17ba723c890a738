/**
 * Contract details rows: the static specification plus the market at "now"
 * (last price, 24-hour statistics, funding, open interest), consistent with
 * every other endpoint at the same time. Rows carry `vol_precision` (the live
 * name). With quirks, rows are written as live ones: extra fields the spec
 * does not list (`funding_time`, `tradfi_info`), "none" times as `0`, `null`
 * or `""`, `open_timestamp` in seconds on older rows, open interest in
 * whole contracts, values and the index price with at most 8 decimals (the
 * index price with exactly 8 unless its tick is finer) and the 24-hour change
 * with up to 16.
 *
 * @module
 */
import { divideDecimals, multiplyDecimals } from '@perpkit/analytics'
import type { ContractWire } from '@perpkit/schemas'
import { trailingDayAsOf } from './aggregate.ts'
import { maxLeverageOf } from './brackets.ts'
import type { ContractModel } from './contract-model.ts'
import { buildFundingRate } from './funding.ts'
import { hash2 } from './hash.ts'
import { INDEX_PRICE_DECIMALS, liveValue, withSubTickDigits } from './live-format.ts'
import { openInterestAt, openInterestValue } from './open-interest.ts'

/** A details row as sent: the schema's fields plus extra live fields. */
export type DetailsRow = ContractWire & { funding_time?: number; tradfi_info?: null }

const NONE_TIME = 0x6e6f6e65
/** How live rows write "no expiry": each row picks one, with quirks. */
const NONE_TIMES = [0, null, ''] as const

/** The "none" value of `expire_timestamp` / `settle_timestamp` for a row: `0` without quirks. */
function noneTimeOf(model: ContractModel): 0 | null | '' {
  if (!model.quirks) return 0
  const choice = NONE_TIMES[hash2(model.key, NONE_TIME) % NONE_TIMES.length]
  return choice === undefined ? 0 : choice
}

/** The details row of a contract at `now` (epoch ms). */
export function buildDetailsRow(model: ContractModel, now: number): DetailsRow {
  const { spec } = model
  const { status, asOf, delistTime } = model.lifecycle(now)
  const second = Math.floor(asOf / 1000)
  const stats = model.mapCandle(trailingDayAsOf(model.path, second), 'market')
  const lastTicks = model.lastPriceTicks(asOf)
  const last = model.formatPrice(lastTicks)
  const trading = status === 'Trading'
  const volume = trading ? String(stats.volume) : '0'
  const typical = model.formatPrice(
    Math.round((stats.open + stats.high + stats.low + stats.close) / 4),
  )
  const funding = buildFundingRate(model, now)
  const live = model.quirks
  const contracts = openInterestAt(model, now)
  const openInterest = live ? contracts.whole : contracts.exact
  const value = openInterestValue(model, openInterest, now)
  const turnover = trading
    ? multiplyDecimals({ values: [volume, spec.contractSize, typical] })
    : '0'
  const indexPrice = model.formatPrice(model.markTicks(model.pathPriceAt(second)))
  const none = noneTimeOf(model)
  const row: DetailsRow = {
    symbol: spec.symbol,
    product_type: spec.productType,
    // Older rows (those without market_max_volume) give it in seconds on live servers.
    open_timestamp:
      live && spec.marketMaxVolume === undefined ? Math.floor(spec.openTime / 1000) : spec.openTime,
    expire_timestamp: spec.expireTime ?? none,
    settle_timestamp: spec.settleTime ?? none,
    base_currency: spec.baseCurrency,
    quote_currency: spec.quoteCurrency,
    last_price: last,
    volume_24h: volume,
    turnover_24h: live ? liveValue(turnover) : turnover,
    index_price: live
      ? liveValue(withSubTickDigits(indexPrice, INDEX_PRICE_DECIMALS, hash2(model.key, second)))
      : indexPrice,
    index_name: `${spec.baseCurrency}${spec.quoteCurrency}`,
    contract_size: spec.contractSize,
    min_leverage: spec.minLeverage,
    max_leverage: String(maxLeverageOf(spec.tiers)),
    price_precision: spec.tick,
    vol_precision: spec.volumeStep,
    max_volume: spec.maxVolume,
    min_volume: spec.minVolume,
    funding_rate: funding.rate_value,
    expected_funding_rate: funding.expected_rate,
    open_interest: openInterest,
    open_interest_value: live ? liveValue(value) : value,
    high_24h: model.formatPrice(stats.high),
    low_24h: model.formatPrice(stats.low),
    change_24h: trading ? changeOf(stats.open, lastTicks, live ? 16 : 6) : '0',
    status,
    delist_time: Math.floor(delistTime / 1000),
  }
  if (spec.marketMaxVolume !== undefined) row.market_max_volume = spec.marketMaxVolume
  if (spec.fundingIntervalHours !== undefined) {
    row.funding_interval_hours = spec.fundingIntervalHours
    if (live) row.funding_time = funding.funding_time
  }
  if (live) row.tradfi_info = null
  return row
}

/**
 * `(last - open) / open` as a decimal fraction with up to `decimals` decimals
 * (truncated), e.g. `'0.012345'`; from the prices in ticks, as the tick cancels.
 */
function changeOf(openTicks: number, lastTicks: number, decimals: number): string {
  return divideDecimals({ a: lastTicks - openTicks, b: openTicks, decimals, mode: 'down' })
}
