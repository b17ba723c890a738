import { type ReadLevel, readBook, readTopLevels } from './internal/book-side.ts'
import {
  type Decimal,
  HALF,
  toDecimal,
  toDecimalString,
  toRecord,
  ZERO,
} from './internal/decimal.ts'
import type { BookInput, Numeric } from './types.ts'

/**
 * Parameters of {@link depthWithin}: the book, the band in percent and the contract size.
 *
 * @example
 * ```ts
 * const p: DepthWithinParameters = { book: { bids: [], asks: [] }, percent: 0.5, contractSize: '0.001' }
 * ```
 */
export interface DepthWithinParameters {
  /** `{ bids, asks }`, best first, e.g. a `Depth`. */
  book: BookInput
  /** Half-width of the band in percent of mid, `>= 0` (`1` is 1 %). */
  percent: Numeric
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
}

/**
 * Liquidity near the mid, as found by {@link depthWithin}.
 *
 * @example
 * ```ts
 * declare const within: DepthWithinResult
 * console.log(`${within.notional} USDT within the band around ${within.mid}`)
 * ```
 */
export interface DepthWithinResult {
  /** `(bestBid + bestAsk) / 2`. */
  mid: string
  /** `mid * (1 - percent / 100)`: bids at or above it count. */
  lowerPrice: string
  /** `mid * (1 + percent / 100)`: asks at or below it count. */
  upperPrice: string
  /** Bid quantity in the band, in contracts. */
  bidQty: string
  /** Ask quantity in the band, in contracts. */
  askQty: string
  /** `bidQty + askQty`. */
  qty: string
  /** `Σ price * qty * contractSize` over the bids in the band. */
  bidNotional: string
  /** `Σ price * qty * contractSize` over the asks in the band. */
  askNotional: string
  /** `bidNotional + askNotional`. */
  notional: string
}

/**
 * What {@link depthWithin} returns: the liquidity in the band, or `null` when
 * a side is empty (there is no mid to measure from).
 *
 * @example
 * ```ts
 * declare const within: DepthWithinReturnType
 * const qty = within?.qty ?? '0'
 * ```
 */
export type DepthWithinReturnType = DepthWithinResult | null

/**
 * Quantity and notional resting within `percent` percent of the mid: bids priced
 * at or above `mid * (1 - percent/100)` and asks at or below `mid * (1 + percent/100)`
 * (both bounds inclusive). Exact. Levels must come best first; empty levels
 * are skipped.
 *
 * @param parameters - `book` (`{ bids, asks }`, e.g. a `Depth`), `percent` (half-width of
 *   the band in percent of mid, `>= 0`) and `contractSize` (`> 0`).
 * @returns quantities and notionals per side and in total, or `null` when a side is empty.
 * @throws {@link AnalyticsInputError} when a side is not an array, a level has a
 *   non-positive price or a negative quantity, levels are not strictly best
 *   first, `percent` is negative or `contractSize` is not positive.
 * @example
 * ```ts
 * import { depthWithin } from '@perpkit/analytics'
 *
 * const within = depthWithin({
 *   book: {
 *     bids: [{ price: '100', qty: '2' }, { price: '99', qty: '5' }, { price: '98', qty: '9' }],
 *     asks: [{ price: '101', qty: '1' }, { price: '102', qty: '4' }],
 *   },
 *   percent: 1,
 *   contractSize: '0.5',
 * })
 * within?.lowerPrice // '99.495'
 * within?.bidQty // '2' (99 is below the band)
 * within?.askNotional // '50.5'
 * ```
 */
export function depthWithin(parameters: DepthWithinParameters): DepthWithinReturnType {
  const p = toRecord(parameters, 'parameters')
  const sides = readBook(p.book)
  const bids = readTopLevels(sides.bids, 'bids')
  const asks = readTopLevels(sides.asks, 'asks')
  const band = toDecimal(p.percent, 'percent', 'nonNegative').times('0.01')
  const size = toDecimal(p.contractSize, 'contractSize', 'positive')
  const bid = bids[0]
  const ask = asks[0]
  if (bid === undefined || ask === undefined) return null
  const mid = bid.price.plus(ask.price).times(HALF)
  const lower = mid.times(band.neg().plus(1))
  const upper = mid.times(band.plus(1))
  const b = sumWhile(bids, (price) => price.gte(lower))
  const a = sumWhile(asks, (price) => price.lte(upper))
  return {
    mid: toDecimalString(mid),
    lowerPrice: toDecimalString(lower),
    upperPrice: toDecimalString(upper),
    bidQty: toDecimalString(b.qty),
    askQty: toDecimalString(a.qty),
    qty: toDecimalString(b.qty.plus(a.qty)),
    bidNotional: toDecimalString(b.cost.times(size)),
    askNotional: toDecimalString(a.cost.times(size)),
    notional: toDecimalString(b.cost.plus(a.cost).times(size)),
  }
}

/** Sums quantity and `price * qty` over the best-first levels while `inBand` holds. */
function sumWhile(
  levels: readonly ReadLevel[],
  inBand: (price: Decimal) => boolean,
): { qty: Decimal; cost: Decimal } {
  let qty = ZERO
  let cost = ZERO
  for (const level of levels) {
    if (!inBand(level.price)) break
    qty = qty.plus(level.qty)
    cost = cost.plus(level.price.times(level.qty))
  }
  return { qty, cost }
}
