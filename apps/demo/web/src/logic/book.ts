/**
 * The order-book panel's figures: the book grouped at a chosen number of
 * ticks (`aggregateDepth`), its metrics (`bookMetrics`), the liquidity
 * within ±x % of the mid (`depthWithin`), and the cumulative curves of the
 * depth chart.
 *
 * @module
 */
import {
  type AggregateDepthReturnType,
  aggregateDepth,
  type BookMetricsReturnType,
  bookMetrics,
  type DepthWithinReturnType,
  depthWithin,
  multiplyDecimals,
} from '@perpkit/analytics'
import type { Contract, Depth } from '@perpkit/schemas'

/** Group sizes offered by the ladder, in ticks. */
export const GROUP_TICKS = [1, 10, 100, 1000] as const

/** Bands offered for the liquidity near the mid, in percent. */
export const WITHIN_PCTS = ['0.1', '0.5', '1', '2'] as const

/** Levels a side shown in the ladder. */
export const LADDER_LEVELS = 12

/** Levels a side counted by the imbalance. */
const IMBALANCE_LEVELS = 10

/** What the order-book panel shows. */
export interface BookView {
  /** The price step of a group: `ticks × tick`. */
  groupStep: string
  bids: AggregateDepthReturnType
  asks: AggregateDepthReturnType
  metrics: BookMetricsReturnType
  within: DepthWithinReturnType
}

/**
 * Computes the order-book panel from a book.
 *
 * @param depth - The book, best first.
 * @param contract - Tick and contract size.
 * @param options - Group size in ticks, band in percent.
 * @returns The grouped ladder (top {@link LADDER_LEVELS} a side), the raw
 *   book's metrics and the liquidity in the band.
 */
export function bookView(
  depth: Pick<Depth, 'bids' | 'asks'>,
  contract: Pick<Contract, 'pricePrecision' | 'contractSize'>,
  options: { groupTicks: number; withinPct: string },
): BookView {
  const step = multiplyDecimals({ values: [contract.pricePrecision, options.groupTicks] })
  return {
    groupStep: step,
    bids: aggregateDepth({ levels: depth.bids, step, side: 'bid' }).slice(0, LADDER_LEVELS),
    asks: aggregateDepth({ levels: depth.asks, step, side: 'ask' }).slice(0, LADDER_LEVELS),
    metrics: bookMetrics({ book: depth, levels: IMBALANCE_LEVELS }),
    within: depthWithin({
      book: depth,
      percent: options.withinPct,
      contractSize: contract.contractSize,
    }),
  }
}

/** One point of a depth curve: a price and the quantity resting up to it. */
export interface DepthPoint {
  price: number
  total: number
}

/**
 * The depth chart's curves: cumulative quantity by price, ascending by
 * price as the chart's horizontal scale wants (bids reversed). Numbers, for
 * plotting only.
 *
 * @param depth - The book, best first, each level with its running `total`.
 * @returns Bid and ask curves.
 */
export function depthCurves(depth: Pick<Depth, 'bids' | 'asks'>): {
  bids: DepthPoint[]
  asks: DepthPoint[]
} {
  const point = (level: { price: string; total: string }): DepthPoint => ({
    price: Number(level.price),
    total: Number(level.total),
  })
  return { bids: depth.bids.map(point).reverse(), asks: depth.asks.map(point) }
}
