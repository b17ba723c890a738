import { describe, expect, it } from 'vitest'
import { binanceBtcusdt, firstThree } from '../test/fixtures.ts'
import { liquidationPrice } from './liquidation-price.ts'

describe('liquidationPrice', () => {
  it('solves a long in bracket 1: (5,000 - 50,000) / (1 * (0.004 - 1))', () => {
    const lp = liquidationPrice({
      side: 'long',
      qty: '1000',
      contractSize: '0.001',
      entryPrice: '50000',
      margin: '5000',
      brackets: binanceBtcusdt,
    })
    // 45,000 / 0.996 = 45180.7228915662650602409638..., rounded half-up at 18 places
    expect(lp).toEqual({
      price: '45180.722891566265060241',
      bracket: binanceBtcusdt[0],
      notional: '45180.722891566265060241',
      maintenanceMargin: '180.722891566265060240964',
      margin: '5000',
    })
  })

  it("liquidates a long at 50,000 where the FAQ's 3,700 maintenance margin (500,000 notional) is all that is left", () => {
    // 10 BTC long at 60,000 with 103,700 margin: equity at 50,000 is 103,700 - 100,000 = 3,700
    const lp = liquidationPrice({
      side: 'long',
      qty: '10',
      contractSize: '1',
      entryPrice: '60000',
      margin: '103700',
      brackets: binanceBtcusdt,
    })
    expect(lp).toMatchObject({ price: '50000', notional: '500000', maintenanceMargin: '3700' })
    expect(lp?.bracket.bracket).toBe(3)
  })

  it('solves a short exactly in bracket 2: (10,250 + 50 + 50,000) / (1 * (0.005 + 1)) = 60,000', () => {
    const lp = liquidationPrice({
      side: 'short',
      qty: 1,
      contractSize: 1,
      entryPrice: 50_000,
      margin: 10_250,
      brackets: firstThree,
    })
    // equity at 60,000: 10,250 - 10,000 = 250 = 60,000 * 0.5 % - 50
    expect(lp).toMatchObject({ price: '60000', notional: '60000', maintenanceMargin: '250' })
    expect(lp?.bracket.bracket).toBe(2)
  })

  it('uses the bracket at the liquidation notional, not at entry: a long entered in bracket 2 liquidates in bracket 1', () => {
    const lp = liquidationPrice({
      side: 'long',
      qty: '1',
      contractSize: '1',
      entryPrice: '55000', // 55,000 notional: bracket 2 at entry
      margin: '11000',
      brackets: firstThree,
    })
    // bracket 1: 44,000 / 0.996; bracket 2 would give 43,950 / 0.995 = 44170.854271356783919598
    expect(lp?.price).toBe('44176.706827309236947791')
    expect(lp?.bracket.bracket).toBe(1)
  })

  it('uses the bracket at the liquidation notional: a short entered in bracket 1 liquidates in bracket 2', () => {
    const lp = liquidationPrice({
      side: 'short',
      qty: '1',
      contractSize: '1',
      entryPrice: '45000', // bracket 1 at entry
      margin: '9000',
      brackets: firstThree,
    })
    // bracket 1 would give 54,000 / 1.004 = 53784.86 (notional above its 50,000 cap)
    expect(lp?.price).toBe('53781.094527363184079602')
    expect(lp?.bracket.bracket).toBe(2)
  })

  it('uses the last bracket when the liquidation notional is above the last cap', () => {
    const lp = liquidationPrice({
      side: 'short',
      qty: '1',
      contractSize: '1',
      entryPrice: '900000',
      margin: '900000',
      brackets: firstThree,
    })
    // (900,000 + 1,300 + 900,000) / 1.01
    expect(lp?.price).toBe('1783465.346534653465346535')
    expect(lp?.bracket.bracket).toBe(3)
  })

  it('returns null for a long whose margin covers its whole notional', () => {
    const base = {
      side: 'long',
      qty: '1',
      contractSize: '1',
      entryPrice: '50000',
      brackets: firstThree,
    } as const
    expect(liquidationPrice({ ...base, margin: '50000' })).toBeNull()
    expect(liquidationPrice({ ...base, margin: '75000' })).toBeNull()
    expect(liquidationPrice({ ...base, margin: '49999' })?.price).toBe('1.004016064257028112')
  })

  it('derives the margin from a leverage: entry notional / leverage', () => {
    const lp = liquidationPrice({
      side: 'long',
      qty: '1000',
      contractSize: '0.001',
      entryPrice: '50000',
      leverage: 10,
      brackets: binanceBtcusdt,
    })
    expect(lp?.margin).toBe('5000')
    expect(lp?.price).toBe('45180.722891566265060241')
  })

  it('gives a price on the wrong side of entry for a position already below maintenance', () => {
    const lp = liquidationPrice({
      side: 'long',
      qty: '1',
      contractSize: '1',
      entryPrice: '50000',
      margin: '100', // maintenance at entry is 200
      brackets: firstThree,
    })
    expect(Number(lp?.price)).toBeGreaterThan(50_000)
  })

  it('rejects a non-positive quantity with a message naming it', () => {
    expect(() =>
      liquidationPrice({
        side: 'long',
        qty: '-1',
        contractSize: '1',
        entryPrice: '1',
        margin: '1',
        brackets: firstThree,
      }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: qty must be a positive decimal, got "-1"]`,
    )
  })

  it('rejects both or neither of margin and leverage', () => {
    const base = {
      side: 'short',
      qty: '1',
      contractSize: '1',
      entryPrice: '1',
      brackets: firstThree,
    } as const
    // The types forbid both at once; plain JavaScript callers get the error.
    const both = { ...base, margin: '1', leverage: 2 } as unknown as Parameters<
      typeof liquidationPrice
    >[0]
    expect(() => liquidationPrice(both)).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: margin must be given, or else leverage (exactly one of the two), got "1"]`,
    )
    // @ts-expect-error: one of the two is required
    expect(() => liquidationPrice(base)).toThrow(/^margin must be given, or else leverage/)
  })

  it('rejects an unknown side', () => {
    expect(() =>
      liquidationPrice({
        // @ts-expect-error: 'buy' is an order side, not a position side
        side: 'buy',
        qty: '1',
        contractSize: '1',
        entryPrice: '1',
        margin: '1',
        brackets: firstThree,
      }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: side must be 'long' or 'short', got "buy"]`,
    )
  })

  it('rejects a table whose cum column leaves no bracket containing the liquidation notional', () => {
    const inconsistent = [
      firstThree[0],
      {
        bracket: 2,
        initialLeverage: 2,
        notionalFloor: '50000',
        notionalCap: '250000',
        maintMarginRatio: '0.5',
        cum: '0',
      },
    ].filter((b) => b !== undefined)
    expect(() =>
      liquidationPrice({
        side: 'short',
        qty: '1',
        contractSize: '1',
        entryPrice: '45000',
        margin: '9000',
        brackets: inconsistent,
      }),
    ).toThrow(/^brackets must hold a bracket containing the liquidation notional/)
  })
})
