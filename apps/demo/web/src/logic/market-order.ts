/**
 * The market-order calculator's form: an order of a size (contracts) or a
 * notional (quote currency), filled against the live book by the demo's
 * shared {@link fillMarketOrder} (the terminal's market order too).
 *
 * @module
 */
import type { Contract, Depth } from '@perpkit/schemas'
import { fillMarketOrder, type MarketOrder } from '../../../src/book.ts'
import type { FillSummary } from '../../../src/snapshot-types.ts'

/**
 * Fills the form's order against the book.
 *
 * @param depth - The book, best first.
 * @param contract - Step (`volumePrecision`) and contract size.
 * @param mid - The book's mid (the slippage reference), `null` for a one-sided book.
 * @param input - Side, amount as typed (spaces around it ignored), unit.
 * @returns Filled quantity, average and worst price, notional, slippage.
 * @throws `AnalyticsInputError` for an amount that is not a positive decimal.
 */
export function fillOrderForm(
  depth: Pick<Depth, 'bids' | 'asks'>,
  contract: Pick<Contract, 'volumePrecision' | 'contractSize'>,
  mid: string | null,
  input: MarketOrder,
): FillSummary {
  const sizing = { stepSize: contract.volumePrecision, contractSize: contract.contractSize }
  return fillMarketOrder(depth, sizing, mid, { ...input, amount: input.amount.trim() })
}
