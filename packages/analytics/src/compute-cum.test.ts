import { describe, expect, it } from 'vitest'
import { binanceBtcusdt } from '../test/fixtures.ts'
import { computeCum } from './compute-cum.ts'

describe('computeCum', () => {
  it("reproduces Binance's FAQ: level 3 cum is 1,300 from floors 50,000 / 250,000 and 0.4 / 0.5 / 1 %", () => {
    const table = binanceBtcusdt.slice(0, 3).map((b) => ({ ...b, cum: '0' }))
    expect(computeCum({ brackets: table })).toEqual(['0', '50', '1300'])
  })

  it("rebuilds the whole published table's cum column", () => {
    expect(computeCum({ brackets: binanceBtcusdt })).toEqual(binanceBtcusdt.map((b) => b.cum))
  })

  it('returns an empty list for an empty table', () => {
    expect(computeCum({ brackets: [] })).toEqual([])
  })

  it('rejects a non-decimal rate, naming the bracket and field', () => {
    const bad = [{ ...binanceBtcusdt[0], maintMarginRatio: '0.4%' }] as typeof binanceBtcusdt
    expect(() => computeCum({ brackets: bad })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: brackets[0].maintMarginRatio must be a non-negative decimal, got "0.4%"]`,
    )
  })
})
