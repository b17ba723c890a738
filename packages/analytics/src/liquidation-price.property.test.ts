import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { binanceBtcusdt } from '../test/fixtures.ts'
import { isolatedMarginForLeverage } from './isolated-margin-for-leverage.ts'
import { liquidationPrice } from './liquidation-price.ts'
import { maintenanceMargin } from './maintenance-margin.ts'

const sides = fc.constantFrom('long' as const, 'short' as const)
const contractSizes = fc.constantFrom('1', '0.1', '0.01', '0.001', '0.0001')
/** Integers spread over orders of magnitude: a mantissa times a power of ten. */
const spread = (digits: number, powers: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: 10 ** digits - 1 }), fc.integer({ min: 0, max: powers }))
    .map(([m, k]) => m * 10 ** k)
// Up to ~10^7 contracts and entry prices up to ~10^6 (0.1 ticks): notionals reach every tier and beyond.
const quantities = spread(3, 4)
const entryTicks = spread(4, 3)
// Share of the entry notional put up as margin, in millionths (0.0001 % to 150 %: some longs cannot be liquidated).
const marginShares = fc.integer({ min: 1, max: 1_500_000 })

interface Position {
  side: 'long' | 'short'
  qty: string
  contractSize: string
  entryPrice: string
  margin: string
}

const positions = fc
  .record({
    side: sides,
    qty: quantities,
    contractSize: contractSizes,
    tick: entryTicks,
    share: marginShares,
  })
  .map(({ side, qty, contractSize, tick, share }): Position => {
    const entryPrice = new Big(tick).div(10)
    const notional = entryPrice.times(qty).times(contractSize)
    const margin = notional.times(share).div(1_000_000)
    return {
      side,
      qty: String(qty),
      contractSize,
      entryPrice: entryPrice.toFixed(),
      margin: margin.toFixed(),
    }
  })
  .filter((p) => new Big(p.margin).gt(0))

/** Equity of an isolated position at a price: WB + s * Q * (P - EP). */
function equityAt(p: Position, price: string): Big {
  const q = new Big(p.qty).times(p.contractSize)
  const pnl = q.times(new Big(price).minus(p.entryPrice))
  return new Big(p.margin).plus(p.side === 'long' ? pnl : pnl.neg())
}

describe('liquidationPrice properties (Binance BTCUSDT table)', () => {
  it('at the returned price, equity equals the maintenance margin within the rounding of one division', () => {
    fc.assert(
      fc.property(positions, (p) => {
        const lp = liquidationPrice({ ...p, brackets: binanceBtcusdt })
        if (lp === null)
          return (
            p.side === 'long' &&
            new Big(p.margin).gte(new Big(p.qty).times(p.contractSize).times(p.entryPrice))
          )
        const q = new Big(p.qty).times(p.contractSize)
        const mm = new Big(maintenanceMargin({ brackets: binanceBtcusdt, notional: lp.notional }))
        const gap = equityAt(p, lp.price).minus(mm).abs()
        // LP is rounded to 18 places (error <= 0.5e-18), which moves equity - mm by at most Q * 1e-18
        return (
          gap.lte(q.times('1e-18')) &&
          new Big(lp.maintenanceMargin).minus(mm).abs().lte(q.times('1e-18'))
        )
      }),
      { numRuns: 1000 },
    )
  })

  it('does not depend on which side of a bracket boundary the entry notional sits', () => {
    const boundaries = binanceBtcusdt.slice(0, -1).map((b) => b.notionalCap)
    fc.assert(
      fc.property(
        sides,
        fc.constantFrom(...boundaries),
        fc.integer({ min: 1, max: 100_000 }), // offset from the boundary, in 0.0001 units (<= 10)
        fc.integer({ min: 10_000, max: 900_000 }), // margin: 1 % to 90 % of the notional
        (side, cap, offset, share) => {
          const q = new Big('2.5') // qty 25 * contractSize 0.1
          const delta = new Big(offset).div(10_000)
          const below = new Big(cap).minus(delta).div(q) // entry price with notional cap - delta
          const above = new Big(cap).plus(delta).div(q) // entry price with notional cap + delta
          const s = side === 'long' ? 1 : -1
          const margin1 = new Big(cap).times(share).div(1_000_000)
          // Same equity line WB + s*Q*(P - EP) for both entries: shift WB with EP.
          const margin2 = margin1.plus(q.times(above.minus(below)).times(s))
          const common = { side, qty: '25', contractSize: '0.1', brackets: binanceBtcusdt } as const
          const a = liquidationPrice({
            ...common,
            entryPrice: below.toFixed(),
            margin: margin1.toFixed(),
          })
          const b = liquidationPrice({
            ...common,
            entryPrice: above.toFixed(),
            margin: margin2.toFixed(),
          })
          expect(b?.price).toBe(a?.price)
          expect(b?.bracket).toBe(a?.bracket)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it("puts a healthy short's price above entry and a healthy long's below", () => {
    fc.assert(
      fc.property(positions, (p) => {
        const notional = new Big(p.qty).times(p.contractSize).times(p.entryPrice)
        const mmAtEntry = new Big(
          maintenanceMargin({ brackets: binanceBtcusdt, notional: notional.toFixed() }),
        )
        fc.pre(new Big(p.margin).gt(mmAtEntry)) // healthy: above maintenance at entry
        const lp = liquidationPrice({ ...p, brackets: binanceBtcusdt })
        if (p.side === 'short') return lp !== null && new Big(lp.price).gt(p.entryPrice)
        return lp === null || (new Big(lp.price).lt(p.entryPrice) && new Big(lp.price).gt(0))
      }),
      { numRuns: 1000 },
    )
  })

  it('gives the same price for a leverage and for the margin isolatedMarginForLeverage derives from it', () => {
    fc.assert(
      fc.property(
        sides,
        quantities,
        entryTicks,
        fc.integer({ min: 1, max: 125 }),
        (side, qty, tick, leverage) => {
          const entryPrice = new Big(tick).div(10).toFixed()
          const common = {
            side,
            qty: String(qty),
            contractSize: '0.001',
            entryPrice,
            brackets: binanceBtcusdt,
          }
          const byLeverage = liquidationPrice({ ...common, leverage })
          const margin = isolatedMarginForLeverage({
            qty,
            contractSize: '0.001',
            entryPrice,
            leverage,
          })
          const byMargin = liquidationPrice({ ...common, margin })
          return byLeverage?.price === byMargin?.price
        },
      ),
      { numRuns: 1000 },
    )
  })
})
