import { type ReadLevel, readBook, readTopLevels } from './internal/book-side.ts'
import {
  type Decimal,
  HALF,
  toDecimalString,
  toPositiveInteger,
  toRecord,
  ZERO,
} from './internal/decimal.ts'
import type { BookInput } from './types.ts'

/**
 * Parameters of {@link bookMetrics}.
 *
 * @example
 * ```ts
 * const p: BookMetricsParameters = { book: { bids: [], asks: [] }, levels: 5 }
 * ```
 */
export interface BookMetricsParameters {
  /** `{ bids, asks }`, best first, e.g. a `Depth`. */
  book: BookInput
  /**
   * Number of non-empty levels per side counted by `bidQty`, `askQty` and `imbalance`.
   * @default 10
   */
  levels?: number
}

/**
 * What {@link bookMetrics} returns. Every value is a decimal string; a value
 * that needs a side the book lacks is `null`.
 *
 * @example
 * ```ts
 * declare const m: BookMetricsReturnType
 * if (m.mid !== null) console.log(`mid ${m.mid}, spread ${m.spreadBps} bps`)
 * ```
 */
export interface BookMetricsReturnType {
  /** Highest bid price, `null` without bids. */
  bestBid: string | null
  /** Lowest ask price, `null` without asks. */
  bestAsk: string | null
  /** Quantity at the best bid, `null` without bids. */
  bestBidQty: string | null
  /** Quantity at the best ask, `null` without asks. */
  bestAskQty: string | null
  /** `(bestBid + bestAsk) / 2`, `null` unless both sides have levels. */
  mid: string | null
  /** `bestAsk - bestBid` (negative for a crossed book), `null` unless both sides have levels. */
  spread: string | null
  /** `spread / mid * 10000`, `null` unless both sides have levels. */
  spreadBps: string | null
  /**
   * Size-weighted mid `(Pb*Qa + Pa*Qb) / (Qa + Qb)` over the best levels: it
   * leans toward the side with less quantity. `null` unless both sides have levels.
   */
  microprice: string | null
  /** Sum of quantities over the top `levels` bids (`'0'` without bids). */
  bidQty: string
  /** Sum of quantities over the top `levels` asks (`'0'` without asks). */
  askQty: string
  /**
   * `(bidQty - askQty) / (bidQty + askQty)`, in `[-1, 1]`: positive when bids
   * dominate; `'1'` with bids only, `'-1'` with asks only, `'0'` for an empty book.
   */
  imbalance: string
}

/**
 * Top-of-book metrics: best bid and ask, mid, spread (absolute and in basis
 * points of mid), microprice, and the quantity imbalance over the top
 * `levels` levels of each side. Levels must come best first (as
 * `getDepth` and {@link aggregateDepth} return them); empty levels
 * (quantity 0) are skipped. An empty side yields `null` for every value that
 * needs it, never an error. Divisions are carried to 18 decimal places.
 *
 * @param parameters - `book` (`{ bids, asks }`, e.g. a `Depth`) and `levels`, how many
 *   levels per side the imbalance counts (default 10).
 * @returns the metrics, as decimal strings or `null`.
 * @throws {@link AnalyticsInputError} when a side is not an array, a counted
 *   level has a non-positive price or a negative quantity, the counted levels
 *   are not strictly best first, or `levels` is not a positive integer.
 * @example
 * ```ts
 * import { bookMetrics } from '@perpkit/analytics'
 *
 * const m = bookMetrics({
 *   book: {
 *     bids: [{ price: '100', qty: '3' }],
 *     asks: [{ price: '101', qty: '1' }],
 *   },
 * })
 * m.mid // '100.5'
 * m.spreadBps // '99.502487562189054726'
 * m.microprice // '100.75'
 * m.imbalance // '0.5'
 * ```
 */
export function bookMetrics(parameters: BookMetricsParameters): BookMetricsReturnType {
  const { book, levels } = toRecord(parameters, 'parameters')
  const limit = levels === undefined ? 10 : toPositiveInteger(levels, 'levels')
  const sides = readBook(book)
  const bids = readTopLevels(sides.bids, 'bids', limit)
  const asks = readTopLevels(sides.asks, 'asks', limit)
  const bidQty = sum(bids)
  const askQty = sum(asks)
  const depth = bidQty.plus(askQty)
  const imbalance = depth.eq(0) ? ZERO : bidQty.minus(askQty).div(depth)
  const bid = bids[0]
  const ask = asks[0]
  const top =
    bid === undefined || ask === undefined
      ? { mid: null, spread: null, spreadBps: null, microprice: null }
      : topOfBook(bid, ask)
  return {
    bestBid: bid === undefined ? null : toDecimalString(bid.price),
    bestAsk: ask === undefined ? null : toDecimalString(ask.price),
    bestBidQty: bid === undefined ? null : toDecimalString(bid.qty),
    bestAskQty: ask === undefined ? null : toDecimalString(ask.qty),
    ...top,
    bidQty: toDecimalString(bidQty),
    askQty: toDecimalString(askQty),
    imbalance: toDecimalString(imbalance),
  }
}

function topOfBook(bid: ReadLevel, ask: ReadLevel) {
  const mid = bid.price.plus(ask.price).times(HALF)
  const spread = ask.price.minus(bid.price)
  const microprice = bid.price
    .times(ask.qty)
    .plus(ask.price.times(bid.qty))
    .div(bid.qty.plus(ask.qty))
  return {
    mid: toDecimalString(mid),
    spread: toDecimalString(spread),
    spreadBps: toDecimalString(spread.times(10_000).div(mid)),
    microprice: toDecimalString(microprice),
  }
}

function sum(levels: readonly ReadLevel[]): Decimal {
  let total = ZERO
  for (const level of levels) total = total.plus(level.qty)
  return total
}
