import { AnalyticsInputError } from './errors.ts'
import { readSide } from './internal/book-side.ts'
import {
  type Decimal,
  floorDiv,
  roundedDivision,
  toDecimal,
  toDecimalString,
  toRecord,
  ZERO,
} from './internal/decimal.ts'
import type { DepthLevelInput, Numeric } from './types.ts'

/**
 * A market order sized in contracts (part of {@link WalkBookParameters}).
 *
 * @example
 * ```ts
 * const order: WalkBookQtyOrder = { qty: '25' }
 * ```
 */
export interface WalkBookQtyOrder {
  /** Quantity to fill, in contracts, `> 0`. */
  qty: Numeric
  /** Not allowed together with `qty`. */
  notional?: never
}

/**
 * A market order sized in quote currency (part of {@link WalkBookParameters}):
 * in whole quantity steps, or, without `qtyStep`, unrounded.
 *
 * @example
 * ```ts
 * import type { Contract } from '@perpkit/schemas'
 *
 * declare const contract: Contract
 * const order: WalkBookNotionalOrder = { notional: '10000', qtyStep: contract.volumePrecision }
 * ```
 */
export interface WalkBookNotionalOrder {
  /** Quote amount to spend, `> 0`: `Σ price * qty * contractSize` stays at or below it. */
  notional: Numeric
  /**
   * Quantity step (e.g. `Contract.volumePrecision`), `> 0`: the last level is
   * taken in whole steps. Without it, the last level is taken in whatever
   * quantity the rest of the notional buys (carried to 18 decimal places,
   * rounded down, so the notional is never exceeded): "how much BTC do
   * 25,250 USDT buy".
   */
  qtyStep?: Numeric
  /** Not allowed together with `notional`. */
  qty?: never
}

/**
 * Parameters of {@link walkBook}: one side's levels, the contract size, and
 * the order: `qty`, or `notional` (with an optional `qtyStep`).
 *
 * @example
 * ```ts
 * const byQty: WalkBookParameters = { levels: [{ price: '100', qty: '2' }], contractSize: '0.001', qty: '1' }
 * const byNotional: WalkBookParameters = {
 *   levels: [{ price: '100', qty: '2' }], contractSize: '0.001', notional: '0.15', qtyStep: '1',
 * }
 * ```
 */
export type WalkBookParameters = {
  /** One side of the book, best first (the asks for a buy, the bids for a sell). */
  levels: readonly DepthLevelInput[]
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
} & (WalkBookQtyOrder | WalkBookNotionalOrder)

/**
 * What {@link walkBook} returns.
 *
 * @example
 * ```ts
 * declare const fill: WalkBookReturnType
 * if (!fill.complete) console.warn(`only ${fill.filledQty} filled, book too thin`)
 * ```
 */
export interface WalkBookReturnType {
  /** Quantity filled, in contracts. */
  filledQty: string
  /** Average fill price `Σ p*q / Σ q` (18 decimal places at most), `null` when nothing filled. */
  avgPrice: string | null
  /** Price of the last (worst) level touched, `null` when nothing filled. */
  worstPrice: string | null
  /** Quote amount of the fill, `Σ p*q*contractSize`. */
  notional: string
  /**
   * `true` when the order filled completely: the whole `qty`, or, for a
   * notional order, everything the notional can buy (less than one `qtyStep`
   * is left at the last price; without a step, the fill stopped inside a
   * level or spent the notional exactly). `false` when the book ran out first.
   */
  complete: boolean
  /** What is left of the order: contracts for a `qty` order, quote currency for a `notional` order. */
  remaining: string
  /** Number of non-empty levels the fill touched. */
  levelsUsed: number
}

/**
 * Fills a market order against one side of a book, best level first (pass
 * the asks for a buy, the bids for a sell, best first as `getDepth`
 * returns them). A `qty` order fills that many contracts; a `notional` order
 * spends up to that quote amount, taking whole levels while they fit and
 * then whole `qtyStep`s of the next level (without `qtyStep`, whatever
 * quantity the rest buys). Running past the end of the book is a partial
 * fill (`complete: false`), not an error. Empty levels are skipped. Exact,
 * except the average price and a stepless last take (18 decimal places).
 *
 * @param parameters - `levels` (one side, best first), `contractSize` (`> 0`), and
 *   `qty`, or `notional` with an optional `qtyStep`.
 * @returns filled quantity, average and worst price, notional, completeness and the rest.
 * @throws {@link AnalyticsInputError} when `levels` is not an array, a level has a
 *   non-positive price or negative quantity, the non-empty levels are not
 *   one side best first (prices strictly rising, as asks, or strictly falling,
 *   as bids, all the way), the parameters have both or
 *   neither of `qty` and `notional`, or a size, step or `contractSize` is not positive.
 * @example
 * ```ts
 * import { walkBook } from '@perpkit/analytics'
 *
 * const asks = [
 *   { price: '100', qty: '2' },
 *   { price: '101', qty: '5' },
 * ]
 * const fill = walkBook({ levels: asks, contractSize: '1', qty: '4' })
 * fill.avgPrice // '100.5'
 * fill.worstPrice // '101'
 * fill.notional // '402'
 * walkBook({ levels: asks, contractSize: '1', notional: '500', qtyStep: '1' }).filledQty
 * // '4' (402 spent, 98 left)
 * walkBook({ levels: asks, contractSize: '1', notional: '500' }).filledQty // '4.970297029702970297'
 * ```
 */
export function walkBook(parameters: WalkBookParameters): WalkBookReturnType {
  const p = toRecord(parameters, 'parameters')
  // The whole side is checked, as depthWithin and bookMetrics check theirs:
  // an unordered side would make "best first" fills wrong.
  const levels = readSide(p.levels, 'levels', 'oneWay')
  if ((p.qty === undefined) === (p.notional === undefined)) {
    throw new AnalyticsInputError(
      'parameters',
      'must have exactly one of qty and notional',
      parameters,
    )
  }
  const size = toDecimal(p.contractSize, 'contractSize', 'positive')
  const byQty = p.qty !== undefined
  const target = byQty
    ? toDecimal(p.qty, 'qty', 'positive')
    : toDecimal(p.notional, 'notional', 'positive')
  // a notional order without a step takes its last level unrounded
  const stepless = !byQty && p.qtyStep === undefined
  const step = byQty || stepless ? ZERO : toDecimal(p.qtyStep, 'qtyStep', 'positive')
  let filled = ZERO
  let cost = ZERO // Σ p*q, in price units (times contractSize gives the notional)
  let worst: Decimal | null = null
  let used = 0
  let stoppedInside = false
  for (const { price, qty } of levels) {
    let take: Decimal
    if (byQty) {
      const left = target.minus(filled)
      take = qty.lt(left) ? qty : left
    } else {
      const left = target.minus(cost.times(size))
      const unit = price.times(size)
      take = unit.times(qty).lte(left)
        ? qty
        : stepless
          ? roundedDivision(left, unit, 18, 'down')
          : floorDiv(left, unit.times(step)).times(step)
    }
    if (take.gt(0)) {
      filled = filled.plus(take)
      cost = cost.plus(price.times(take))
      worst = price
      used++
    }
    if (take.lt(qty) || (byQty && filled.eq(target))) {
      stoppedInside = true
      break
    }
  }
  const notional = cost.times(size)
  const remaining = byQty ? target.minus(filled) : target.minus(notional)
  const complete = byQty
    ? remaining.eq(0)
    : stoppedInside ||
      (stepless ? remaining.eq(0) : worst !== null && remaining.lt(worst.times(size).times(step)))
  return {
    filledQty: toDecimalString(filled),
    avgPrice: filled.eq(0) ? null : toDecimalString(cost.div(filled)),
    worstPrice: worst === null ? null : toDecimalString(worst),
    notional: toDecimalString(notional),
    complete,
    remaining: toDecimalString(remaining),
    levelsUsed: used,
  }
}
