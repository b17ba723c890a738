/**
 * The archive page's price tick: the archive holds prices, not the contract's
 * specification, so a chart's tick is the finest its prices use.
 *
 * @module
 */
import { decimalsOf } from '@perpkit/analytics'

/**
 * The finest tick a list of prices uses (`'0.1'` for prices with one decimal).
 *
 * @param prices - Decimal strings.
 * @returns The tick, `'1'` for whole prices.
 */
export function tickOf(prices: readonly string[]): string {
  let decimals = 0
  for (const price of prices) decimals = Math.max(decimals, decimalsOf({ value: price }))
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`
}
