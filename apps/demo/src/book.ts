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
  walkBook,
} from '@perpkit/analytics'
import type { Depth } from '@perpkit/schemas'
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

/** A market order: a size (contracts or a quote amount) and a direction. */
export interface MarketOrder extends OrderSize {
  side: 'buy' | 'sell'
}

/**
 * Walks a market order through one side of the book (the asks for a buy,
 * the bids for a sell) and measures its slippage against a reference price.
 *
 * @param depth - The book, best first.
 * @param contract - Step and contract size.
 * @param referencePrice - The mid, or `null` for a one-sided book.
 * @param order - Side, amount and unit; a quote amount is filled in whole steps.
 * @returns Filled quantity, average and worst price, notional, slippage.
 * @throws `AnalyticsInputError` for an amount that is not a positive decimal.
 */
export function fillMarketOrder(
  depth: Pick<Depth, 'bids' | 'asks'>,
  contract: Pick<BookContract, 'stepSize' | 'contractSize'>,
  referencePrice: string | null,
  order: MarketOrder,
): FillSummary {
  const book = {
    levels: order.side === 'buy' ? depth.asks : depth.bids,
    contractSize: contract.contractSize,
  }
  const fill =
    order.unit === 'contracts'
      ? walkBook({ ...book, qty: order.amount })
      : walkBook({ ...book, notional: order.amount, qtyStep: contract.stepSize })
  return {
    side: order.side,
    filledQty: fill.filledQty,
    avgPrice: fill.avgPrice,
    worstPrice: fill.worstPrice,
    notional: fill.notional,
    complete: fill.complete,
    slippageBps:
      fill.avgPrice === null || referencePrice === null
        ? null
        : slippage({ avgPrice: fill.avgPrice, referencePrice, side: order.side }).bps,
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
  depth: Pick<Depth, 'bids' | 'asks'>,
  size: OrderSize,
  contract: BookContract,
  referencePrice: string | null,
): MarketOrderSection {
  return {
    size,
    referencePrice,
    buy: fillMarketOrder(depth, contract, referencePrice, { ...size, side: 'buy' }),
    sell: fillMarketOrder(depth, contract, referencePrice, { ...size, side: 'sell' }),
  }
}
