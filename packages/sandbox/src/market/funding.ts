/**
 * Funding: perpetuals settle at every multiple of their interval since the
 * epoch (00:00, 08:00, 16:00 UTC for 8 hours). Each settlement's rate is a
 * deterministic function of (seed, symbol, settlement). Dated futures do not
 * fund: rates `'0'`, no history. With quirks, rates carry 7 to 12 decimals
 * (`'0.000130512'`) and history rows send `funding_time` as a number or a
 * string, as live ones do; without, rates have at most 6 decimals and
 * `funding_time` is a string (as the docs show).
 *
 * @module
 */
import { multiplyDecimals } from '@perpkit/analytics'
import type { EndpointWire } from '@perpkit/schemas'
import type { ContractModel } from './contract-model.ts'
import { hash3, Stream } from './hash.ts'

/** The wire payload of the funding-rate endpoint. */
export type FundingRateWire = EndpointWire<'/contract/public/funding-rate'>
/** The wire payload of the funding-rate-history endpoint. */
export type FundingHistoryWire = EndpointWire<'/contract/public/funding-rate-history'>

const FUNDING = 0x66756e64
const FUNDING_TIME_NUMBER = 0x66746e75
/** Rate limits per settlement, in millionths: 0.0375. */
const RATE_LIMIT_MICROS = 37_500
const MICRO = '0.000001'
const MICRO_MICRO = '0.000000000001'
const MS_PER_HOUR = 3_600_000

/** The upper and lower funding-rate limits, as decimal strings. */
const fundingLimits = {
  upper: multiplyDecimals({ values: [RATE_LIMIT_MICROS, MICRO] }),
  lower: multiplyDecimals({ values: [-RATE_LIMIT_MICROS, MICRO] }),
} as const

/** Milliseconds between settlements, or `undefined` for contracts that do not fund. */
function fundingIntervalMs(model: ContractModel): number | undefined {
  const hours = model.spec.fundingIntervalHours
  return hours === undefined ? undefined : hours * MS_PER_HOUR
}

/** The rate of settlement `index` (settlement time = index * interval), e.g. `'0.0001'`. */
function fundingRateOf(model: ContractModel, index: number): string {
  const stream = new Stream(hash3(model.key, FUNDING, index))
  // Mostly the 0.01 % base rate, sometimes leaning one way for a while.
  const lean = Math.round(stream.gaussian() * 120)
  const micros = Math.max(-RATE_LIMIT_MICROS, Math.min(RATE_LIMIT_MICROS, 100 + lean))
  if (!model.quirks) return multiplyDecimals({ values: [micros, MICRO] })
  // Six more digits (millionths of a micro), kept inside the limits.
  const extra = Math.floor(stream.next() * 1_000_000)
  const units = micros * 1_000_000 + (micros >= RATE_LIMIT_MICROS ? 0 : extra)
  return multiplyDecimals({ values: [units, MICRO_MICRO] })
}

/** Index of the latest settlement at or before `at` (epoch ms), or `undefined` before the first. */
export function lastSettlement(model: ContractModel, at: number): number | undefined {
  const interval = fundingIntervalMs(model)
  if (interval === undefined) return undefined
  const index = Math.floor(at / interval)
  return index * interval >= model.spec.openTime ? index : undefined
}

/** The current funding rate at `now` (epoch ms). Frozen at the last settlement once delisted. */
export function buildFundingRate(model: ContractModel, now: number): FundingRateWire {
  const { status, asOf } = model.lifecycle(now)
  const base = {
    timestamp: now,
    symbol: model.spec.symbol,
    funding_upper_limit: fundingLimits.upper,
    funding_lower_limit: fundingLimits.lower,
  }
  const interval = fundingIntervalMs(model)
  const index = lastSettlement(model, asOf)
  if (interval === undefined || index === undefined) {
    const settle = model.spec.settleTime ?? model.spec.openTime
    return { ...base, rate_value: '0', expected_rate: '0', funding_time: settle }
  }
  const trading = status === 'Trading'
  return {
    ...base,
    rate_value: fundingRateOf(model, index),
    expected_rate: trading ? fundingRateOf(model, index + 1) : '0',
    funding_time: (trading ? index + 1 : index) * interval,
  }
}

/**
 * The `limit` latest settlements at `now` (epoch ms), newest first;
 * `funding_time` as a string, or with quirks a number on some rows.
 */
export function buildFundingHistory(
  model: ContractModel,
  limit: number,
  now: number,
): FundingHistoryWire {
  const list: FundingHistoryWire['list'] = []
  const interval = fundingIntervalMs(model)
  const latest = lastSettlement(model, model.lifecycle(now).asOf)
  if (interval === undefined || latest === undefined) return { list }
  for (
    let index = latest;
    list.length < limit && index * interval >= model.spec.openTime;
    index--
  ) {
    list.push({
      symbol: model.spec.symbol,
      funding_rate: fundingRateOf(model, index),
      funding_time: model.quirk(FUNDING_TIME_NUMBER, index, 3)
        ? index * interval
        : String(index * interval),
    })
  }
  return { list }
}
