import { describe, expect, it } from 'vitest'
import { maintenanceMargin } from '../maintenance-margin.ts'
import { bracketIndexFor, parseBrackets } from './brackets.ts'
import { D } from './decimal.ts'

describe('parseBrackets', () => {
  it('reads a bracket again after it was mutated (the reading cache keys on every raw field)', () => {
    const table = [
      {
        initialLeverage: 20,
        notionalFloor: '0',
        notionalCap: '1000',
        maintMarginRatio: '0.01',
        cum: '0',
      },
    ]
    expect(maintenanceMargin({ brackets: table, notional: '500' })).toBe('5')
    const first = table[0]
    if (first === undefined) throw new Error('fixture')
    first.maintMarginRatio = '0.02'
    expect(maintenanceMargin({ brackets: table, notional: '500' })).toBe('10')
    first.maintMarginRatio = 'oops'
    expect(() => maintenanceMargin({ brackets: table, notional: '500' })).toThrow(
      'brackets[0].maintMarginRatio',
    )
  })

  it('returns the caller objects as sources and skips the order check on request', () => {
    const a = {
      initialLeverage: 10,
      notionalFloor: '100',
      notionalCap: '200',
      maintMarginRatio: '0.1',
      cum: '0',
    }
    const b = {
      initialLeverage: 20,
      notionalFloor: '0',
      notionalCap: '100',
      maintMarginRatio: '0.05',
      cum: '0',
    }
    expect(parseBrackets([a, b], false).map((p) => p.source)).toEqual([a, b])
    expect(() => parseBrackets([a, b])).toThrow(/^brackets\[1\]\.notionalFloor must not be below/)
  })

  it('rejects a maintenance margin ratio of 1 or more', () => {
    const bad = [
      { initialLeverage: 1, notionalFloor: '0', notionalCap: '1', maintMarginRatio: '1', cum: '0' },
    ]
    expect(() => parseBrackets(bad)).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: brackets[0].maintMarginRatio must be a fraction below 1, got "1"]`,
    )
  })

  it('finds the first bracket whose cap is at or above the notional, else the last', () => {
    const parsed = parseBrackets([
      {
        initialLeverage: 20,
        notionalFloor: '0',
        notionalCap: '100',
        maintMarginRatio: '0.05',
        cum: '0',
      },
      {
        initialLeverage: 10,
        notionalFloor: '100',
        notionalCap: '200',
        maintMarginRatio: '0.1',
        cum: '5',
      },
    ])
    expect([D(0), D(100), D('100.1'), D(1e9)].map((n) => bracketIndexFor(parsed, n))).toEqual([
      0, 0, 1, 1,
    ])
  })
})
