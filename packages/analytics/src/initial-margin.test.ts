import { describe, expect, it } from 'vitest'
import { initialMargin } from './initial-margin.ts'

describe('initialMargin', () => {
  it('divides the notional by the leverage exactly when it terminates', () => {
    expect(initialMargin('50000', 20)).toBe('2500')
    expect(initialMargin('65000.1', '125')).toBe('520.0008')
  })

  it('carries a non-terminating division to 18 decimal places, rounded half-up', () => {
    expect(initialMargin('100', 3)).toBe('33.333333333333333333')
    expect(initialMargin('200', 3)).toBe('66.666666666666666667')
  })

  it('accepts a fractional leverage and a zero notional', () => {
    expect(initialMargin('100', '1.5')).toBe('66.666666666666666667')
    expect(initialMargin(0, 10)).toBe('0')
  })

  it('rejects a zero or negative leverage, naming it', () => {
    expect(() => initialMargin('1000', '0')).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: leverage must be a positive decimal, got "0"]`,
    )
    expect(() => initialMargin('1000', -5)).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: leverage must be a positive decimal, got -5]`,
    )
  })

  it('rejects a negative or infinite notional', () => {
    expect(() => initialMargin('-1', 10)).toThrow(/^notional must be a non-negative decimal/)
    expect(() => initialMargin(Number.POSITIVE_INFINITY, 10)).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: notional must be a non-negative decimal, got Infinity]`,
    )
  })
})
