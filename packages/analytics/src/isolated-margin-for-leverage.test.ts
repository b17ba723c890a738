import { describe, expect, it } from 'vitest'
import { isolatedMarginForLeverage } from './isolated-margin-for-leverage.ts'

describe('isolatedMarginForLeverage', () => {
  it('is qty * contractSize * entryPrice / leverage', () => {
    expect(
      isolatedMarginForLeverage({
        qty: '1000',
        entryPrice: '50000',
        leverage: 10,
        contractSize: '0.001',
      }),
    ).toBe('5000')
    expect(
      isolatedMarginForLeverage({ qty: 3, entryPrice: '65000.1', leverage: '20', contractSize: 1 }),
    ).toBe('9750.015')
  })

  it('carries a non-terminating division to 18 places', () => {
    expect(
      isolatedMarginForLeverage({ qty: '1', entryPrice: '100', leverage: 3, contractSize: '1' }),
    ).toBe('33.333333333333333333')
  })

  it('rejects a zero contract size, naming it', () => {
    expect(() =>
      isolatedMarginForLeverage({ qty: '1', entryPrice: '100', leverage: 3, contractSize: '0' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: contractSize must be a positive decimal, got "0"]`,
    )
  })
})
