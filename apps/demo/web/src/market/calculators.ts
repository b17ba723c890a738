/**
 * The calculators' forms and answers: the market order (against the live
 * book) and the liquidation of a position (against the brackets). The
 * liquidation price also feeds the candle chart's price line.
 *
 * @module
 */
import { computed, effect, signal } from '@preact/signals'
import type { MarketOrder } from '../../../src/book.ts'
import { bookView, GROUP_TICKS, WITHIN_PCTS } from '../logic/book.ts'
import { computeLiquidation, type LiquidationInput } from '../logic/liquidation.ts'
import { fillOrderForm } from '../logic/market-order.ts'
import type { Market } from './store.ts'

/**
 * Creates the forms (with defaults) and their computed answers.
 *
 * @param market - The store.
 * @returns Form signals and computed views.
 */
export function createCalculators(market: Market) {
  const groupTicks = signal<number>(GROUP_TICKS[1])
  const withinPct = signal<string>(WITHIN_PCTS[1])
  const order = signal<MarketOrder>({ side: 'buy', amount: '100000', unit: 'quote' })
  const position = signal<LiquidationInput>({
    side: 'long',
    qty: '1000',
    entryPrice: '',
    basis: 'leverage',
    amount: '10',
  })

  // A new contract starts the position at its last price.
  let positionSymbol = ''
  effect(() => {
    const contract = market.contract.value
    if (contract === null || contract.symbol === positionSymbol) return
    positionSymbol = contract.symbol
    position.value = { ...position.peek(), entryPrice: contract.lastPrice }
  })

  const book = computed(() => {
    const depth = market.depth.value
    const contract = market.contract.value
    if (depth === null || contract === null) return null
    return bookView(depth, contract, { groupTicks: groupTicks.value, withinPct: withinPct.value })
  })

  const fill = computed(() => {
    const depth = market.depth.value
    const contract = market.contract.value
    if (depth === null || contract === null) return null
    try {
      return {
        ok: true as const,
        fill: fillOrderForm(depth, contract, book.value?.metrics.mid ?? null, order.value),
      }
    } catch (error) {
      return { ok: false as const, message: error instanceof Error ? error.message : String(error) }
    }
  })

  const liquidation = computed(() => {
    const contract = market.contract.value
    const brackets = market.brackets.value
    if (contract === null || brackets.length === 0) return null
    return computeLiquidation(position.value, brackets, contract)
  })

  const liquidationPrice = computed(() => {
    const outcome = liquidation.value
    return outcome?.kind === 'point' ? outcome.point.price : null
  })

  return { groupTicks, withinPct, order, position, book, fill, liquidation, liquidationPrice }
}

/** The calculators' type. */
export type Calculators = ReturnType<typeof createCalculators>
