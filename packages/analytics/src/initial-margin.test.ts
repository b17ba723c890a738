import { describe, expect, it } from 'vitest'
import { initialMargin } from './initial-margin.ts'

describe('initialMargin', () => {
  it('divides the notional by the leverage exactly when it terminates', () => {
    expect(initialMargin({ notional: '50000', leverage: 20 })).toBe('2500')
    expect(initialMargin({ notional: '65000.1', leverage: '125' })).toBe('520.0008')
  })

  it('carries a non-terminating division to 18 decimal places, rounded half-up', () => {
    expect(initialMargin({ notional: '100', leverage: 3 })).toBe('33.333333333333333333')
    expect(initialMargin({ notional: '200', leverage: 3 })).toBe('66.666666666666666667')
  })

  it('accepts a fractional leverage and a zero notional', () => {
    expect(initialMargin({ notional: '100', leverage: '1.5' })).toBe('66.666666666666666667')
    expect(initialMargin({ notional: 0, leverage: 10 })).toBe('0')
  })

  it('rejects a zero or negative leverage, naming it', () => {
    expect(() =>
      initialMargin({ notional: '1000', leverage: '0' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: leverage must be a positive decimal, got "0"]`,
    )
    expect(() =>
      initialMargin({ notional: '1000', leverage: -5 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: leverage must be a positive decimal, got -5]`,
    )
  })

  it('rejects a negative or infinite notional', () => {
    expect(() => initialMargin({ notional: '-1', leverage: 10 })).toThrow(
      /^notional must be a non-negative decimal/,
    )
    expect(() =>
      initialMargin({ notional: Number.POSITIVE_INFINITY, leverage: 10 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: notional must be a non-negative decimal, got Infinity]`,
    )
  })
})
