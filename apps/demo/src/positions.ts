/**
 * Example positions and where they would be liquidated: long and short at
 * several leverages, isolated margin, fees excluded, with the leverage
 * bracket that applies. Computed by `@perpkit/analytics`.
 *
 * @module
 */
import {
  compareDecimals,
  contractsToBase,
  divideDecimals,
  isolatedMarginForLeverage,
  liquidationPrice,
  maxLeverage,
  multiplyDecimals,
  quoteToContracts,
  roundToStep,
  subtractDecimals,
} from '@perpkit/analytics'
import type { LeverageBracket } from '@perpkit/schemas'
import type { LiquidationRow, LiquidationSection, OrderSize } from './snapshot-types.ts'

/** Leverages of the example positions. */
const EXAMPLE_LEVERAGES = [5, 10, 25, 50] as const

/** What the position computations need to know about the contract. */
export interface PositionContract {
  stepSize: string
  contractSize: string
  minVolume: string
  maxLeverage: string
}

/**
 * Size of the example position in contracts: the order size when given in
 * contracts, else the quote amount at the entry price, rounded down to the
 * step; never below the contract's minimum.
 *
 * @param size - The order size.
 * @param entryPrice - The entry price, `> 0`.
 * @param contract - Step, contract size and minimum volume.
 * @returns A positive number of contracts, a multiple of the step.
 */
export function positionQty(
  size: OrderSize,
  entryPrice: string,
  contract: PositionContract,
): string {
  const step = contract.stepSize
  const qty =
    size.unit === 'contracts'
      ? roundToStep({ value: size.amount, step, mode: 'floor' })
      : quoteToContracts({
          quote: size.amount,
          contractSize: contract.contractSize,
          price: entryPrice,
          step,
          mode: 'floor',
        })
  return compareDecimals({ a: qty, b: contract.minVolume }) < 0 ? contract.minVolume : qty
}

function liquidationRow(
  side: 'long' | 'short',
  leverage: number,
  allowed: boolean,
  position: { qty: string; entryPrice: string; contractSize: string },
  brackets: readonly LeverageBracket[],
): LiquidationRow {
  const margin = isolatedMarginForLeverage({ ...position, leverage })
  const point =
    allowed && brackets.length > 0
      ? liquidationPrice({ ...position, side, leverage, brackets })
      : null
  if (point === null)
    return { side, leverage, allowed, margin, price: null, distance: null, bracket: null }
  return {
    side,
    leverage,
    allowed,
    margin,
    price: point.price,
    distance: divideDecimals({
      a: subtractDecimals({ a: point.price, b: position.entryPrice }),
      b: position.entryPrice,
    }),
    bracket: {
      bracket: point.bracket.bracket,
      maintMarginRatio: point.bracket.maintMarginRatio,
      initialLeverage: point.bracket.initialLeverage,
    },
  }
}

/**
 * Builds the liquidation table: for each side and each of
 * {@link EXAMPLE_LEVERAGES}, the margin, the liquidation price, its distance
 * from entry and the bracket used. A leverage above what the brackets allow
 * at this notional (or above the contract's maximum) is listed as not allowed.
 *
 * @param size - The order size the position is derived from.
 * @param entryPrice - Entry price, `> 0`.
 * @param entryReference - Which price that is: the mark price, or the last price without one.
 * @param contract - The contract's step, size, minimum and maximum leverage.
 * @param brackets - The contract's bracket table (may be empty).
 * @returns The liquidation section of a snapshot.
 */
export function buildLiquidationTable(
  size: OrderSize,
  entryPrice: string,
  entryReference: 'mark' | 'last',
  contract: PositionContract,
  brackets: readonly LeverageBracket[],
): LiquidationSection {
  const qty = positionQty(size, entryPrice, contract)
  const baseQty = contractsToBase({ contracts: qty, contractSize: contract.contractSize })
  const notional = multiplyDecimals({ values: [baseQty, entryPrice] })
  const bracketMax = brackets.length === 0 ? null : maxLeverage({ brackets, notional })
  const position = { qty, entryPrice, contractSize: contract.contractSize }
  const rows: LiquidationRow[] = []
  for (const side of ['long', 'short'] as const) {
    for (const leverage of EXAMPLE_LEVERAGES) {
      const allowed =
        bracketMax !== null &&
        leverage <= bracketMax &&
        compareDecimals({ a: leverage, b: contract.maxLeverage }) <= 0
      rows.push(liquidationRow(side, leverage, allowed, position, brackets))
    }
  }
  return { entryPrice, entryReference, qty, baseQty, notional, maxLeverage: bracketMax, rows }
}

/**
 * Whether an entry price can carry a position (a positive decimal).
 *
 * @returns `true` for `'91724.7'`, `false` for `'0'`.
 */
export function isUsablePrice(price: string | null): price is string {
  return price !== null && compareDecimals({ a: price, b: 0 }) > 0
}
