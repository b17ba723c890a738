import { describe, expect, it } from 'vitest'
import { annualizeFundingRate } from './annualize-funding-rate.ts'

describe('annualizeFundingRate', () => {
  it('multiplies by 24 / interval * 365: 0.01 % every 8 hours is 10.95 % a year', () => {
    expect(annualizeFundingRate({ rate: '0.0001', intervalHours: 8 })).toBe('0.1095')
  })

  it('handles negative rates and other intervals', () => {
    expect(annualizeFundingRate({ rate: '-0.0002', intervalHours: 4 })).toBe('-0.438')
    expect(annualizeFundingRate({ rate: '0.0001', intervalHours: 1 })).toBe('0.876')
  })

  it('carries a non-terminating division to 18 places', () => {
    // 0.0001 * 8760 / 7 = 0.12514285714285714285...
    expect(annualizeFundingRate({ rate: '0.0001', intervalHours: 7 })).toBe('0.125142857142857143')
  })

  it('keeps long decimals exact and prints no exponent', () => {
    expect(annualizeFundingRate({ rate: '0.000000012345678901', intervalHours: '8' })).toBe(
      '0.000013518518396595',
    )
    expect(annualizeFundingRate({ rate: 1e-7, intervalHours: 8 })).toBe('0.0001095')
  })

  it('rejects a zero interval and a non-decimal rate', () => {
    expect(() =>
      annualizeFundingRate({ rate: '0.0001', intervalHours: 0 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: intervalHours must be a positive decimal, got 0]`,
    )
    expect(() => annualizeFundingRate({ rate: '1%', intervalHours: 8 })).toThrow(
      'rate must be a finite decimal (string or number), got "1%"',
    )
  })
})
