/**
 * Order-book analytics of a snapshot: top-of-book metrics, liquidity near
 * the mid, the book grouped at two steps, and a market order walked through
 * the book. All of it computed by `@perpkit/analytics`.
 *
 * @module
 */
import {
  aggregateDepth,
  bookMetrics,
  depthWithin,
  multiplyDecimals,
  slippage,
  type WalkBookReturnType,
  walkBook,
} from '@perpkit/analytics'
import type { Depth, DepthLevel } from '@perpkit/schemas'
import type {
  BookGroup,
  BookSection,
  FillSummary,
  MarketOrderSection,
  OrderSize,
} from './snapshot-types.ts'

/** Group steps, in ticks. */
const GROUP_TICKS = [10, 100] as const

/** Buckets shown a side for each grouping. */
const GROUP_LEVELS = 5

/** Half-width of the liquidity band around the mid, in percent. */
const WITHIN_PCT = '0.5'

/** Levels a side the top-of-book imbalance counts. */
const IMBALANCE_LEVELS = 10

/** What the book computations need to know about the contract. */
export interface BookContract {
  tickSize: string
  stepSize: string
  contractSize: string
}

function groupBook(depth: Depth, tickSize: string, ticks: number): BookGroup {
  const step = multiplyDecimals({ values: [tickSize, ticks] })
  const bids = aggregateDepth({ levels: depth.bids, step, side: 'bid' })
  const asks = aggregateDepth({ levels: depth.asks, step, side: 'ask' })
  return {
    step,
    ticks,
    bids: bids.slice(0, GROUP_LEVELS),
    asks: asks.slice(0, GROUP_LEVELS),
    metrics: bookMetrics({ book: { bids, asks }, levels: GROUP_LEVELS }),
  }
}

/**
 * Summarizes a book: metrics of the raw book, liquidity within
 * {@link WITHIN_PCT} % of the mid, and the book grouped at 10 and 100 ticks.
 *
 * @param depth - The book, as `getDepth` returns it.
 * @param contract - Tick, step and contract size.
 * @returns The book section of a snapshot.
 */
export function summarizeBook(depth: Depth, contract: BookContract): BookSection {
  const within = depthWithin({
    book: depth,
    percent: WITHIN_PCT,
    contractSize: contract.contractSize,
  })
  return {
    timestamp: depth.timestamp,
    bidLevels: depth.bids.length,
    askLevels: depth.asks.length,
    top: bookMetrics({ book: depth, levels: IMBALANCE_LEVELS }),
    within:
      within === null
        ? null
        : { pct: WITHIN_PCT, bidNotional: within.bidNotional, askNotional: within.askNotional },
    groups: GROUP_TICKS.map((ticks) => groupBook(depth, contract.tickSize, ticks)),
  }
}

function walk(
  levels: readonly DepthLevel[],
  size: OrderSize,
  contract: BookContract,
): WalkBookReturnType {
  const book = { levels, contractSize: contract.contractSize }
  return size.unit === 'contracts'
    ? walkBook({ ...book, qty: size.amount })
    : walkBook({ ...book, notional: size.amount, qtyStep: contract.stepSize })
}

function summarizeFill(
  side: 'buy' | 'sell',
  fill: WalkBookReturnType,
  referencePrice: string | null,
): FillSummary {
  const slippageBps =
    fill.avgPrice === null || referencePrice === null
      ? null
      : slippage({ avgPrice: fill.avgPrice, referencePrice, side }).bps
  return {
    side,
    filledQty: fill.filledQty,
    avgPrice: fill.avgPrice,
    worstPrice: fill.worstPrice,
    notional: fill.notional,
    complete: fill.complete,
    slippageBps,
  }
}

/**
 * Walks a market buy through the asks and a market sell through the bids,
 * and measures each fill's slippage against the mid.
 *
 * @param depth - The book.
 * @param size - The order size: quote amount (filled in whole steps) or contracts.
 * @param contract - Step and contract size.
 * @param referencePrice - The mid, or `null` for a one-sided book.
 * @returns The market-order section of a snapshot.
 */
export function simulateMarketOrder(
  depth: Depth,
  size: OrderSize,
  contract: BookContract,
  referencePrice: string | null,
): MarketOrderSection {
  return {
    size,
    referencePrice,
    buy: summarizeFill('buy', walk(depth.asks, size, contract), referencePrice),
    sell: summarizeFill('sell', walk(depth.bids, size, contract), referencePrice),
  }
}
