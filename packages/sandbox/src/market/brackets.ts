/**
 * Leverage risk brackets: exact tables built from each contract's tiers.
 *
 * `notional_floor_n = notional_cap_(n-1)` (0 for the first bracket) and
 * `cum_1 = 0, cum_n = cum_(n-1) + floor_n * (mmr_n - mmr_(n-1))`, computed
 * exactly by `computeCum` of `@perpkit/analytics`.
 *
 * @module
 */
import { computeCum } from '@perpkit/analytics'
import type { EndpointWire } from '@perpkit/schemas'

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
  const brackets = tiers.map(([cap, mmr, leverage], index) => ({
    initialLeverage: leverage,
    notionalFloor: index === 0 ? '0' : (tiers[index - 1] as BracketTier)[0],
    notionalCap: cap,
    maintMarginRatio: mmr,
    cum: '0', // not read by computeCum
  }))
  const cums = computeCum({ brackets })
  return brackets.map((b, index) => ({
    bracket: index + 1,
    initial_leverage: b.initialLeverage,
    notional_cap: b.notionalCap,
    notional_floor: b.notionalFloor,
    maint_margin_ratio: b.maintMarginRatio,
    cum: cums[index] as string,
  }))
}

/** The highest leverage of a tier table (its first tier's). */
export function maxLeverageOf(tiers: readonly BracketTier[]): number {
  return tiers.reduce((max, [, , leverage]) => Math.max(max, leverage), 1)
}
