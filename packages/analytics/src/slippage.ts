import { AnalyticsInputError } from './errors.ts'
import { toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { Numeric, OrderSide } from './types.ts'

/**
 * Parameters of {@link slippage}.
 *
 * @example
 * ```ts
 * const p: SlippageParameters = { avgPrice: '100.5', referencePrice: '100', side: 'buy' }
 * ```
 */
export interface SlippageParameters {
  /** Average fill price (e.g. `walkBook(...).avgPrice`), `> 0`. */
  avgPrice: Numeric
  /** Price to compare with (mid, best price, mark price...), `> 0`. */
  referencePrice: Numeric
  /** `'buy'` or `'sell'`: which direction is worse. */
  side: OrderSide
}

/**
 * What {@link slippage} returns: the same slippage as a fraction and in basis points.
 *
 * @example
 * ```ts
 * const s: SlippageReturnType = { fraction: '0.005', bps: '50' }
 * ```
 */
export interface SlippageReturnType {
  /** `(avgPrice - referencePrice) / referencePrice` for a buy, the negation for a sell. */
  fraction: string
  /** `fraction * 10000`. */
  bps: string
}

/**
 * Slippage of a fill against a reference price, signed so that positive is
 * worse than the reference for that side: paying more on a buy, receiving
 * less on a sell. Both values are carried to 18 decimal places.
 *
 * @param parameters - `avgPrice`, `referencePrice` and `side`.
 * @returns the slippage as a fraction and in basis points.
 * @throws {@link AnalyticsInputError} when a price is not a positive decimal or
 *   `side` is neither `'buy'` nor `'sell'`.
 * @example
 * ```ts
 * import { slippage } from '@perpkit/analytics'
 *
 * slippage({ avgPrice: '100.5', referencePrice: '100', side: 'buy' })
 * // { fraction: '0.005', bps: '50' }
 * slippage({ avgPrice: '100.5', referencePrice: '100', side: 'sell' })
 * // { fraction: '-0.005', bps: '-50' }
 * ```
 */
export function slippage(parameters: SlippageParameters): SlippageReturnType {
  const p = toRecord(parameters, 'parameters')
  if (p.side !== 'buy' && p.side !== 'sell') {
    throw new AnalyticsInputError('side', "must be 'buy' or 'sell'", p.side)
  }
  const avg = toDecimal(p.avgPrice, 'avgPrice', 'positive')
  const reference = toDecimal(p.referencePrice, 'referencePrice', 'positive')
  const worse = p.side === 'buy' ? avg.minus(reference) : reference.minus(avg)
  return {
    fraction: toDecimalString(worse.div(reference)),
    bps: toDecimalString(worse.times(10_000).div(reference)),
  }
}
