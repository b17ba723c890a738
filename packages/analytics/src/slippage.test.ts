import { describe, expect, it } from 'vitest'
import { slippage } from './slippage.ts'

describe('slippage', () => {
  it('is positive when a buy pays more than the reference', () => {
    expect(slippage({ avgPrice: '100.5', referencePrice: '100', side: 'buy' })).toEqual({
      fraction: '0.005',
      bps: '50',
    })
  })

  it('is positive when a sell receives less than the reference', () => {
    expect(slippage({ avgPrice: '99.8', referencePrice: '100', side: 'sell' })).toEqual({
      fraction: '0.002',
      bps: '20',
    })
  })

  it('is negative when the fill beats the reference', () => {
    expect(slippage({ avgPrice: '100.5', referencePrice: '100', side: 'sell' })).toEqual({
      fraction: '-0.005',
      bps: '-50',
    })
    expect(slippage({ avgPrice: 99, referencePrice: 100, side: 'buy' })).toEqual({
      fraction: '-0.01',
      bps: '-100',
    })
  })

  it('carries both values to 18 places, computing bps from the exact difference', () => {
    expect(slippage({ avgPrice: '65000.1', referencePrice: '65000', side: 'buy' })).toEqual({
      fraction: '0.000001538461538462',
      bps: '0.015384615384615385',
    })
  })

  it('rejects a zero reference price and an unknown side', () => {
    expect(() =>
      slippage({ avgPrice: '1', referencePrice: '0', side: 'buy' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: referencePrice must be a positive decimal, got "0"]`,
    )
    // @ts-expect-error: 'long' is a position side
    expect(() => slippage({ avgPrice: '1', referencePrice: '1', side: 'long' })).toThrow(
      `side must be 'buy' or 'sell', got "long"`,
    )
  })
})
