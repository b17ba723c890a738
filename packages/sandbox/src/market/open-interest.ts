/**
 * Open interest: whole contracts drifting smoothly hour to hour, plus an
 * 18-decimal fraction (live values carry 18+ decimals; this one makes
 * clients keep them exact). Its value is exactly
 * `open_interest * contract_size * last_price`.
 *
 * @module
 */
import { contractsToQuote } from '@perpkit/analytics'
import type { EndpointWire } from '@perpkit/schemas'
import type { ContractModel } from './contract-model.ts'
import { hash3, unit } from './hash.ts'

/** The wire payload of the open-interest endpoint. */
export type OpenInterestWire = EndpointWire<'/contract/public/open-interest'>

const OPEN_INTEREST = 0x6f696e74
const MS_PER_HOUR = 3_600_000

/**
 * Open interest at `now` (epoch ms): the exact figure with its 18 decimals
 * and its whole contracts (what live details rows show); `'0'` once delisted.
 */
export function openInterestAt(
  model: ContractModel,
  now: number,
): { exact: string; whole: string } {
  if (model.lifecycle(now).status === 'Delisted') return { exact: '0', whole: '0' }
  // Moves by the second, as the rest of the market does (payloads are cached per second).
  const hours = Math.floor(now / 1000) / (MS_PER_HOUR / 1000)
  const hour = Math.floor(hours)
  const a = unit(hash3(model.key, OPEN_INTEREST, hour))
  const b = unit(hash3(model.key, OPEN_INTEREST, hour + 1))
  const drift = a + (b - a) * (hours - hour)
  const whole = String(Math.round(model.spec.openInterest * (0.8 + 0.4 * drift)))
  const minute = Math.floor(now / 60_000)
  const high = hash3(model.key, OPEN_INTEREST + 1, minute) % 1_000_000_000
  const low = hash3(model.key, OPEN_INTEREST + 2, minute) % 1_000_000_000
  const fraction = `${String(high).padStart(9, '0')}${String(low).padStart(9, '0')}`
  return { exact: `${whole}.${fraction}`, whole }
}

/** The value of `contracts` at the last price: `contracts * contract_size * last_price`, exact. */
export function openInterestValue(model: ContractModel, contracts: string, now: number): string {
  if (contracts === '0') return '0'
  const price = model.formatPrice(model.lastPriceTicks(now))
  return contractsToQuote({ contracts, contractSize: model.spec.contractSize, price })
}

/** The open-interest payload at `now` (epoch ms). */
export function buildOpenInterest(model: ContractModel, now: number): OpenInterestWire {
  const { exact } = openInterestAt(model, now)
  return {
    timestamp: now,
    symbol: model.spec.symbol,
    open_interest: exact,
    open_interest_value: openInterestValue(model, exact, now),
  }
}
