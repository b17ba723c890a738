import { AnalyticsInputError } from './errors.ts'
import { type ParsedBracket, parseBrackets } from './internal/brackets.ts'
import { type Decimal, toDecimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { BracketInput, Numeric, PositionSide } from './types.ts'

/**
 * Parameters of {@link liquidationPrice}: an isolated, one-way, linear
 * (USDT-margined) position. Give either `margin` (the isolated wallet
 * balance) or `leverage` (the margin is then `qty * contractSize * entryPrice / leverage`).
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const p: LiquidationPriceParameters<LeverageBracket> = {
 *   side: 'short', qty: '250', contractSize: '0.001', entryPrice: '65000.1', leverage: 20, brackets,
 * }
 * ```
 */
export type LiquidationPriceParameters<B extends BracketInput = BracketInput> = {
  /** `'long'` or `'short'`. */
  side: PositionSide
  /** Position size in contracts, `> 0`. */
  qty: Numeric
  /** Average entry price, `> 0`. */
  entryPrice: Numeric
  /** The contract's bracket table, ascending by notional (non-empty). */
  brackets: readonly B[]
  /** Base-coin quantity of one contract (`Contract.contractSize`), `> 0`. */
  contractSize: Numeric
} & (
  | {
      /** Isolated wallet balance of the position, `> 0`, fees excluded. */
      margin: Numeric
      /** Not allowed together with `margin`. */
      leverage?: never
    }
  | {
      /** Leverage the position was opened with, `> 0`; the margin is derived from it. */
      leverage: Numeric
      /** Not allowed together with `leverage`. */
      margin?: never
    }
)

/**
 * A liquidation point found by {@link liquidationPrice}.
 *
 * @example
 * ```ts
 * declare const point: LiquidationPoint
 * console.log(`liquidated at ${point.price} (tier ${point.bracket.bracket})`)
 * ```
 */
export interface LiquidationPoint<B extends BracketInput = BracketInput> {
  /** Liquidation price (18 decimal places at most). */
  price: string
  /** The caller's bracket that holds the notional at the liquidation price. */
  bracket: B
  /** Notional at the liquidation price: `qty * contractSize * price`. */
  notional: string
  /** Maintenance margin at that notional, which equals the equity there. */
  maintenanceMargin: string
  /** The isolated margin used (given, or derived from the leverage). */
  margin: string
}

/**
 * What {@link liquidationPrice} returns: the liquidation point, or `null`
 * when the position cannot be liquidated (a long whose margin covers its
 * whole notional).
 *
 * @example
 * ```ts
 * declare const lp: LiquidationPriceReturnType
 * const price = lp?.price ?? 'none'
 * ```
 */
export type LiquidationPriceReturnType<B extends BracketInput = BracketInput> =
  LiquidationPoint<B> | null

/**
 * Liquidation price of an isolated, one-way, linear position, fees excluded:
 * the price `LP` at which equity `WB + s*Q*(LP - EP)` equals the maintenance
 * margin, i.e. `LP = (WB + cum - s*Q*EP) / (Q*mmr - s*Q)` with
 * `Q = qty * contractSize`, `s = +1` long and `-1` short.
 *
 * The bracket is the one that holds the notional *at the liquidation price*,
 * not at entry: brackets are scanned from the lowest and the first whose
 * `[floor, cap]` contains `Q * LP` is used (above the last cap, the last).
 * Containment is decided on exact cross-multiplied values, never on a
 * rounded price, so the result does not depend on which side of a boundary
 * the entry sits. The price itself is one division, carried to 18 decimals.
 *
 * A long whose margin is not below its notional cannot be liquidated, and a
 * position already under its maintenance margin gets a price on the wrong
 * side of entry (it would be liquidated at once).
 *
 * @param parameters - `side`, `qty`, `entryPrice`, `brackets`, `contractSize`
 *   and either `margin` or `leverage`.
 * @returns the price, the bracket used, the notional and maintenance margin
 *   there and the margin used; or `null` when there is no liquidation price.
 * @throws {@link AnalyticsInputError} when a parameter is missing or not a
 *   positive decimal, both or neither of `margin` and `leverage` are given,
 *   the table is empty, unsorted or malformed, or no bracket contains the
 *   liquidation notional (a table whose `cum` column is inconsistent; see
 *   {@link checkBracketTable}).
 * @example
 * ```ts
 * import { liquidationPrice } from '@perpkit/analytics'
 *
 * const brackets = [
 *   { initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000, maintMarginRatio: '0.004', cum: 0 },
 *   { initialLeverage: 100, notionalFloor: 50_000, notionalCap: 250_000, maintMarginRatio: '0.005', cum: 50 },
 * ]
 * const lp = liquidationPrice({
 *   side: 'long', qty: '1000', contractSize: '0.001', entryPrice: '50000', margin: '5000', brackets,
 * })
 * lp?.price // '45180.722891566265060241'
 * ```
 */
export function liquidationPrice<B extends BracketInput>(
  parameters: LiquidationPriceParameters<B>,
): LiquidationPriceReturnType<B> {
  const p = toRecord(parameters, 'parameters')
  if (p.side !== 'long' && p.side !== 'short') {
    throw new AnalyticsInputError('side', "must be 'long' or 'short'", p.side)
  }
  const s = p.side === 'long' ? 1 : -1
  const qty = toDecimal(p.qty, 'qty', 'positive')
  const entryPrice = toDecimal(p.entryPrice, 'entryPrice', 'positive')
  const contractSize = toDecimal(p.contractSize, 'contractSize', 'positive')
  const parsed = parseBrackets(parameters.brackets)
  const q = qty.times(contractSize)
  const entryNotional = q.times(entryPrice)
  const margin = readMargin(p, entryNotional)
  // equity(P) = base + s*Q*P, with base = WB - s*Q*EP
  const base = s === 1 ? margin.minus(entryNotional) : margin.plus(entryNotional)
  const last = parsed.length - 1
  for (let i = 0; i <= last; i++) {
    const b = parsed[i] as ParsedBracket<B>
    const num = base.plus(b.cum)
    const den = q.times(s === 1 ? b.mmr.minus(1) : b.mmr.plus(1))
    // Q*LP = qn / den; compare qn with bound * den (flipped when den < 0: longs).
    const qn = q.times(num)
    if (i > 0 && !within(b.floor.times(den), qn, den)) continue
    if (i < last && !within(qn, b.cap.times(den), den)) continue
    // A long's price is <= 0 only when its margin covers its notional.
    if (s === 1 && num.gte(0)) return null
    const price = num.div(den)
    return {
      price: toDecimalString(price),
      bracket: b.source,
      notional: toDecimalString(q.times(price)),
      maintenanceMargin: toDecimalString(q.times(price).times(b.mmr).minus(b.cum)),
      margin: toDecimalString(margin),
    }
  }
  throw new AnalyticsInputError(
    'brackets',
    'must hold a bracket containing the liquidation notional (is the cum column consistent? see checkBracketTable)',
    parameters.brackets,
  )
}

/** `a / den <= b / den` for a non-zero `den`, without dividing. */
function within(a: Decimal, b: Decimal, den: Decimal): boolean {
  return den.gt(0) ? a.lte(b) : a.gte(b)
}

function readMargin(p: Record<string, unknown>, entryNotional: Decimal): Decimal {
  const hasMargin = p.margin !== undefined
  const hasLeverage = p.leverage !== undefined
  if (hasMargin === hasLeverage) {
    throw new AnalyticsInputError(
      'margin',
      'must be given, or else leverage (exactly one of the two)',
      p.margin,
    )
  }
  if (hasMargin) return toDecimal(p.margin, 'margin', 'positive')
  return entryNotional.div(toDecimal(p.leverage, 'leverage', 'positive'))
}
