import { AnalyticsInputError } from './errors.ts'
import { aggregateScaled } from './internal/aggregate-scaled.ts'
import {
  type Decimal,
  toArray,
  toDecimal,
  toDecimalString,
  toRecord,
  ZERO,
} from './internal/decimal.ts'
import type { BookLevel, BookSide, DepthLevelInput, Numeric } from './types.ts'

/**
 * Parameters of {@link aggregateDepth}: one side's levels, the bucket step and the side.
 *
 * @example
 * ```ts
 * const p: AggregateDepthParameters = { levels: [{ price: '100.3', qty: '1' }], step: '1', side: 'bid' }
 * ```
 */
export interface AggregateDepthParameters {
  /** The levels of one side, in any order; `total` is ignored. */
  levels: readonly DepthLevelInput[]
  /** Bucket size, `> 0`, e.g. `'10'` to group a `'0.1'`-tick book by 10. */
  step: Numeric
  /** `'bid'` or `'ask'`: decides the rounding direction and the order. */
  side: BookSide
}

/**
 * What {@link aggregateDepth} returns: grouped levels, best first, with
 * running totals (`DepthLevel` models).
 *
 * @example
 * ```ts
 * const grouped: AggregateDepthReturnType = [{ price: '100', qty: '3', total: '3' }]
 * ```
 */
export type AggregateDepthReturnType = BookLevel[]

/**
 * Groups one side of an order book into price buckets of `step` (a multiple
 * of the contract's price tick). Bids round *down* to a multiple of `step`
 * and asks round *up*, so a grouped book never crosses; quantities in a
 * bucket are summed, empty levels (quantity 0) are dropped, the buckets come
 * best first (bids descending, asks ascending) and `total` is the running
 * total recomputed from the top. The input order does not matter.
 *
 * Exact: best-first books with ordinary decimals take a scaled-integer path
 * (no big.js object per level); anything else takes the big.js path. Both
 * give the same decimal strings, in plain notation without trailing zeros.
 *
 * @param parameters - `levels` (one side; `total` is ignored), `step` (`> 0`) and `side`.
 * @returns the grouped levels, best first.
 * @throws {@link AnalyticsInputError} when `levels` is not an array, a price is
 *   not a positive decimal, a quantity is negative or not a decimal, `step` is
 *   not a positive decimal, or `side` is neither `'bid'` nor `'ask'`.
 * @example
 * ```ts
 * import { aggregateDepth } from '@perpkit/analytics'
 *
 * aggregateDepth({
 *   levels: [
 *     { price: '100.3', qty: '1', total: '1' },
 *     { price: '100.1', qty: '2', total: '3' },
 *     { price: '99.9', qty: '4', total: '7' },
 *   ],
 *   step: '1',
 *   side: 'bid',
 * })
 * // [{ price: '100', qty: '3', total: '3' }, { price: '99', qty: '4', total: '7' }]
 * ```
 */
export function aggregateDepth(parameters: AggregateDepthParameters): AggregateDepthReturnType {
  const { levels, step, side } = toRecord(parameters, 'parameters')
  if (side !== 'bid' && side !== 'ask') {
    throw new AnalyticsInputError('side', "must be 'bid' or 'ask'", side)
  }
  const list = toArray<DepthLevelInput>(levels, 'levels')
  return aggregateScaled(list, step, side === 'bid') ?? aggregateExact(list, step, side === 'bid')
}

interface Bucket {
  key: Decimal
  qty: Decimal
}

/** The general path: any order, any decimal notation, any magnitude. */
function aggregateExact(levels: readonly unknown[], stepValue: unknown, bid: boolean): BookLevel[] {
  const step = toDecimal(stepValue, 'step', 'positive')
  const buckets = new Map<string, Bucket>()
  for (let i = 0; i < levels.length; i++) {
    const level = toRecord(levels[i], `levels[${i}]`)
    const price = toDecimal(level.price, `levels[${i}].price`, 'positive')
    const qty = toDecimal(level.qty, `levels[${i}].qty`, 'nonNegative')
    if (qty.eq(0)) continue
    const r = price.mod(step)
    const key = bid || r.eq(0) ? price.minus(r) : price.minus(r).plus(step)
    const id = key.toFixed()
    const bucket = buckets.get(id)
    if (bucket === undefined) buckets.set(id, { key, qty })
    else bucket.qty = bucket.qty.plus(qty)
  }
  const sorted = [...buckets.values()].sort((a, b) => (bid ? b.key.cmp(a.key) : a.key.cmp(b.key)))
  let total = ZERO
  return sorted.map(({ key, qty }) => {
    total = total.plus(qty)
    return { price: toDecimalString(key), qty: toDecimalString(qty), total: toDecimalString(total) }
  })
}
