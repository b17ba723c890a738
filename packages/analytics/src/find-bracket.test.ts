import { describe, expect, it } from 'vitest'
import { binanceBtcusdt, firstThree } from '../test/fixtures.ts'
import { AnalyticsInputError } from './errors.ts'
import { findBracket } from './find-bracket.ts'

describe('findBracket', () => {
  it('puts a notional equal to a cap in the lower bracket (floor < N <= cap)', () => {
    expect(findBracket({ brackets: firstThree, notional: '50000' }).bracket).toBe(1)
    expect(findBracket({ brackets: firstThree, notional: '250000' }).bracket).toBe(2)
  })

  it('puts a notional just above a cap in the next bracket', () => {
    expect(
      findBracket({ brackets: firstThree, notional: '50000.000000000000000001' }).bracket,
    ).toBe(2)
    expect(findBracket({ brackets: firstThree, notional: 250_000.01 }).bracket).toBe(3)
  })

  it('puts a zero notional in bracket 1', () => {
    expect(findBracket({ brackets: binanceBtcusdt, notional: 0 }).bracket).toBe(1)
    expect(findBracket({ brackets: binanceBtcusdt, notional: '0' }).bracket).toBe(1)
  })

  it('puts a notional above the last cap in the last bracket', () => {
    expect(findBracket({ brackets: firstThree, notional: '1000000.1' }).bracket).toBe(3)
    expect(findBracket({ brackets: binanceBtcusdt, notional: '1e12' }).bracket).toBe(10)
  })

  it('returns the very object from the table', () => {
    expect(findBracket({ brackets: binanceBtcusdt, notional: '600000' })).toBe(binanceBtcusdt[2])
  })

  it('accepts brackets whose decimals are numbers', () => {
    const table = [
      { initialLeverage: 20, notionalFloor: 0, notionalCap: 1000, maintMarginRatio: 0.01, cum: 0 },
      {
        initialLeverage: 10,
        notionalFloor: 1000,
        notionalCap: 5000,
        maintMarginRatio: 0.02,
        cum: 10,
      },
    ]
    expect(findBracket({ brackets: table, notional: 1000.5 })).toBe(table[1])
  })

  it('rejects an empty table, naming the parameter', () => {
    expect(() => findBracket({ brackets: [], notional: '1' })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: brackets must hold at least one bracket, got an array of length 0]`,
    )
  })

  it('rejects an unsorted table', () => {
    const unsorted = [binanceBtcusdt[1], binanceBtcusdt[0]].filter((b) => b !== undefined)
    expect(() =>
      findBracket({ brackets: unsorted, notional: '1' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: brackets[1].notionalFloor must not be below the previous bracket's notionalCap (250000): brackets must be sorted ascending, got "0"]`,
    )
  })

  it('rejects a bracket whose cap is not above its floor', () => {
    const bad = [{ ...firstThree[0], notionalCap: '0' }] as typeof firstThree
    expect(() => findBracket({ brackets: bad, notional: '1' })).toThrow(
      /brackets\[0\]\.notionalCap must be/,
    )
  })

  it('rejects a negative or non-decimal notional', () => {
    expect(() =>
      findBracket({ brackets: firstThree, notional: '-1' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: notional must be a non-negative decimal, got "-1"]`,
    )
    expect(() => findBracket({ brackets: firstThree, notional: Number.NaN })).toThrow(
      AnalyticsInputError,
    )
    expect(() => findBracket({ brackets: firstThree, notional: '1,000' })).toThrow(
      /notional must be a non-negative decimal/,
    )
  })

  it('rejects a bad decimal inside the table, naming the field', () => {
    const bad = [{ ...firstThree[0], maintMarginRatio: 'abc' }] as typeof firstThree
    expect(() => findBracket({ brackets: bad, notional: '1' })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: brackets[0].maintMarginRatio must be a non-negative decimal, got "abc"]`,
    )
  })
})
