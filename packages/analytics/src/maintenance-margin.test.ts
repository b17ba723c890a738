import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { binanceBtcusdt, firstThree } from '../test/fixtures.ts'
import { maintenanceMargin } from './maintenance-margin.ts'

describe('maintenanceMargin', () => {
  it("reproduces Binance's FAQ: 3,700 at a 500,000 notional (500,000 * 1 % - 1,300)", () => {
    expect(maintenanceMargin({ brackets: binanceBtcusdt, notional: '500000' })).toBe('3700')
  })

  it('is N * mmr in bracket 1 (cum 0)', () => {
    expect(maintenanceMargin({ brackets: binanceBtcusdt, notional: '10000' })).toBe('40')
    expect(maintenanceMargin({ brackets: binanceBtcusdt, notional: 0 })).toBe('0')
  })

  it('is continuous at every boundary: both tiers give the same margin at the cap', () => {
    for (let i = 0; i + 1 < binanceBtcusdt.length; i++) {
      const lower = binanceBtcusdt[i]
      const upper = binanceBtcusdt[i + 1]
      if (lower === undefined || upper === undefined) continue
      const cap = new Big(lower.notionalCap)
      const viaUpper = cap.times(upper.maintMarginRatio).minus(upper.cum)
      expect(maintenanceMargin({ brackets: binanceBtcusdt, notional: lower.notionalCap })).toBe(
        viaUpper.toFixed(),
      )
    }
  })

  it('steps by exactly epsilon * mmr just past a boundary', () => {
    expect(maintenanceMargin({ brackets: firstThree, notional: '250000' })).toBe('1200')
    expect(maintenanceMargin({ brackets: firstThree, notional: '250000.000001' })).toBe(
      '1200.00000001',
    )
  })

  it('uses the last bracket above its cap', () => {
    expect(maintenanceMargin({ brackets: firstThree, notional: '2000000' })).toBe('18700')
  })

  it('returns plain notation, never an exponent', () => {
    expect(maintenanceMargin({ brackets: binanceBtcusdt, notional: '0.0000001' })).toBe(
      '0.0000000004',
    )
    expect(maintenanceMargin({ brackets: binanceBtcusdt, notional: '1e30' })).toBe(
      '499999999999999999999899983700',
    )
  })

  it('property: continuous and increasing in the notional over the whole table', () => {
    const cents = fc.bigInt({ min: 0n, max: 60_000_000_000n }) // up to 600M in cents
    fc.assert(
      fc.property(cents, fc.bigInt({ min: 1n, max: 1_000_000n }), (a, d) => {
        const n1 = new Big(a.toString()).div(100)
        const delta = new Big(d.toString()).div(100)
        const m1 = new Big(maintenanceMargin({ brackets: binanceBtcusdt, notional: n1.toFixed() }))
        const m2 = new Big(
          maintenanceMargin({ brackets: binanceBtcusdt, notional: n1.plus(delta).toFixed() }),
        )
        // increasing, and never jumping by more than delta * (largest rate)
        return m2.gt(m1) && m2.minus(m1).lte(delta.times('0.5'))
      }),
      { numRuns: 1000 },
    )
  })
})
