import { describe, expect, it } from 'vitest'
import { level } from '../test/fixtures.ts'
import { depthWithin } from './depth-within.ts'

const book = {
  bids: [level('100', '2'), level('99.495', '5'), level('99', '9')],
  asks: [level('101', '1'), level('101.505', '4'), level('102', '10')],
}

describe('depthWithin', () => {
  it('counts levels within percent % of mid, both bounds inclusive', () => {
    // mid 100.5; band 1 %: [99.495, 101.505]; both edge levels count
    expect(depthWithin({ book, percent: 1, contractSize: '1' })).toEqual({
      mid: '100.5',
      lowerPrice: '99.495',
      upperPrice: '101.505',
      bidQty: '7',
      askQty: '5',
      qty: '12',
      bidNotional: '697.475', // 200 + 497.475
      askNotional: '507.02', // 101 + 406.02
      notional: '1204.495',
    })
  })

  it('applies the contract size to the notional only', () => {
    expect(depthWithin({ book, percent: '1', contractSize: '0.001' })).toMatchObject({
      bidQty: '7',
      bidNotional: '0.697475',
    })
  })

  it('with percent 0, counts only levels priced exactly at mid', () => {
    const tight = { bids: [level('100', '2')], asks: [level('100', '3')] }
    expect(depthWithin({ book: tight, percent: 0, contractSize: '1' })).toMatchObject({
      qty: '5',
      lowerPrice: '100',
      upperPrice: '100',
    })
    expect(depthWithin({ book, percent: 0, contractSize: '1' })).toMatchObject({
      qty: '0',
      notional: '0',
    })
  })

  it('returns null when a side is empty (no mid)', () => {
    expect(
      depthWithin({ book: { bids: book.bids, asks: [] }, percent: 1, contractSize: '1' }),
    ).toBeNull()
    expect(
      depthWithin({
        book: { bids: [level('100', '0')], asks: book.asks },
        percent: 1,
        contractSize: '1',
      }),
    ).toBeNull()
  })

  it('rejects a negative percent and a zero contract size', () => {
    expect(() =>
      depthWithin({ book, percent: -1, contractSize: '1' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: percent must be a non-negative decimal, got -1]`,
    )
    expect(() => depthWithin({ book, percent: 1, contractSize: 0 })).toThrow(
      'contractSize must be a positive decimal, got 0',
    )
  })
})
