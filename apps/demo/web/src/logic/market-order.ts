/**
 * The market-order calculator: an order of a size (contracts) or a notional
 * (quote currency), walked through one side of the book (`walkBook`: asks
 * for a buy, bids for a sell), and its slippage against the mid (`slippage`).
 *
 * @module
 */
import { slippage, walkBook } from '@perpkit/analytics'
import type { Contract, Depth } from '@perpkit/schemas'

/** What the user asks for. */
export interface MarketOrderInput {
  side: 'buy' | 'sell'
  /** A positive decimal. */
  amount: string
  /** `'contracts'` for a size, `'quote'` for a notional. */
  unit: 'contracts' | 'quote'
}

/** The fill of a market order. */
export interface MarketOrderFill {
  /** Contracts filled. */
  filledQty: string
  avgPrice: string | null
  worstPrice: string | null
  /** Quote amount of the fill. */
  notional: string
  /** `false` when the book ran out first. */
  complete: boolean
  /** Slippage of the average price against the mid, in bps; `null` without a mid or a fill. */
  slippageBps: string | null
}

/**
 * Fills the order against the book.
 *
 * @param depth - The book, best first.
 * @param contract - Step (`volumePrecision`) and contract size.
 * @param mid - The book's mid (the slippage reference), `null` for a one-sided book.
 * @param input - Side, amount, unit.
 * @returns Filled quantity, average and worst price, notional, slippage.
 * @throws {@link AnalyticsInputError} for an amount that is not a positive decimal.
 */
export function fillMarketOrder(
  depth: Pick<Depth, 'bids' | 'asks'>,
  contract: Pick<Contract, 'volumePrecision' | 'contractSize'>,
  mid: string | null,
  input: MarketOrderInput,
): MarketOrderFill {
  const levels = input.side === 'buy' ? depth.asks : depth.bids
  const amount = input.amount.trim()
  const book = { levels, contractSize: contract.contractSize }
  const fill =
    input.unit === 'contracts'
      ? walkBook({ ...book, qty: amount })
      : walkBook({ ...book, notional: amount, qtyStep: contract.volumePrecision })
  return {
    filledQty: fill.filledQty,
    avgPrice: fill.avgPrice,
    worstPrice: fill.worstPrice,
    notional: fill.notional,
    complete: fill.complete,
    slippageBps:
      fill.avgPrice === null || mid === null
        ? null
        : slippage({ avgPrice: fill.avgPrice, referencePrice: mid, side: input.side }).bps,
  }
}
