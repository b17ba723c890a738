import { describe, expect, it } from 'vitest'
import { binanceBtcusdt } from '../test/fixtures.ts'
import { maxNotionalForLeverage } from './max-notional-for-leverage.ts'

describe('maxNotionalForLeverage', () => {
  it('returns the largest cap among the brackets allowing at least that leverage', () => {
    expect(maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: 125 })).toBe('50000')
    expect(maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: 100 })).toBe('250000')
    expect(maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: 20 })).toBe('10000000')
    expect(maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: 1 })).toBe('500000000')
  })

  it('uses the next stricter bracket for a leverage between two tiers', () => {
    expect(maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: 101 })).toBe('50000')
    // tiers 1-8 allow 3x or more, so 2.5x reaches tier 8's cap
    expect(maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: '2.5' })).toBe('200000000')
  })

  it('returns null when no bracket allows that much leverage', () => {
    expect(maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: 126 })).toBeNull()
  })

  it('rejects a zero leverage', () => {
    expect(() =>
      maxNotionalForLeverage({ brackets: binanceBtcusdt, leverage: 0 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: leverage must be a positive decimal, got 0]`,
    )
  })
})
