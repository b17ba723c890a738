import { describe, expect, it } from 'vitest'
import { binanceBtcusdt, firstThree } from '../test/fixtures.ts'
import { maxLeverage } from './max-leverage.ts'

describe('maxLeverage', () => {
  it("returns the initialLeverage of the notional's bracket, cap inclusive", () => {
    expect(maxLeverage({ brackets: firstThree, notional: 0 })).toBe(125)
    expect(maxLeverage({ brackets: firstThree, notional: '50000' })).toBe(125)
    expect(maxLeverage({ brackets: firstThree, notional: '50000.01' })).toBe(100)
    expect(maxLeverage({ brackets: binanceBtcusdt, notional: '499999999' })).toBe(1)
  })

  it('returns null above the last cap', () => {
    expect(maxLeverage({ brackets: firstThree, notional: '1000000' })).toBe(50)
    expect(maxLeverage({ brackets: firstThree, notional: '1000000.01' })).toBeNull()
  })

  it('accepts a leverage given as a decimal string', () => {
    const table = [
      {
        initialLeverage: '75',
        notionalFloor: '0',
        notionalCap: '10',
        maintMarginRatio: '0.01',
        cum: '0',
      },
    ]
    expect(maxLeverage({ brackets: table, notional: '5' })).toBe(75)
  })

  it('rejects a negative notional', () => {
    expect(() =>
      maxLeverage({ brackets: firstThree, notional: -1 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: notional must be a non-negative decimal, got -1]`,
    )
  })
})
