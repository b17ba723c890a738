/**
 * Leverage risk brackets: exact tables built from each contract's tiers.
 *
 * `notional_floor_n = notional_cap_(n-1)` (0 for the first bracket) and
 * `cum_1 = 0, cum_n = cum_(n-1) + floor_n * (mmr_n - mmr_(n-1))`, computed
 * with exact decimal arithmetic.
 *
 * @module
 */
import type { EndpointWire } from '@perpkit/schemas'
import { add, formatDecimal, multiply, parseDecimal, type Scaled, subtract } from './decimal.ts'

/** One risk tier as specified: notional cap, maintenance margin ratio, maximum leverage. */
export type BracketTier = readonly [notionalCap: string, maintMarginRatio: string, leverage: number]

type LeverageRuleWire = EndpointWire<'/contract/public/leverage-bracket'>['rules'][number]

/** A wire bracket record. */
export type BracketWire = LeverageRuleWire['brackets'][number]

/**
 * Builds the wire brackets of a tier table: floors from the previous caps,
 * `cum` by the running rule, all exact.
 */
export function buildBrackets(tiers: readonly BracketTier[]): BracketWire[] {
  const out: BracketWire[] = []
  let floor: Scaled = { units: 0n, scale: 0 }
  let cum: Scaled = { units: 0n, scale: 0 }
  let previousMmr: Scaled | undefined
  tiers.forEach(([cap, mmr, leverage], index) => {
    const ratio = parseDecimal(mmr)
    if (previousMmr !== undefined) cum = add(cum, multiply(floor, subtract(ratio, previousMmr)))
    out.push({
      bracket: index + 1,
      initial_leverage: leverage,
      notional_cap: cap,
      notional_floor: formatDecimal(floor),
      maint_margin_ratio: mmr,
      cum: formatDecimal(cum),
    })
    floor = parseDecimal(cap)
    previousMmr = ratio
  })
  return out
}

/** The highest leverage of a tier table (its first tier's). */
export function maxLeverageOf(tiers: readonly BracketTier[]): number {
  return tiers.reduce((max, [, , leverage]) => Math.max(max, leverage), 1)
}
