import { describe, expect, it } from 'vitest'
import { level } from '../test/fixtures.ts'
import { aggregateDepth } from './aggregate-depth.ts'

const bids = [level('100.3', '1'), level('100.1', '2'), level('99.9', '4'), level('98', '1')]
const asks = [level('100.5', '1'), level('101', '2'), level('101.2', '3'), level('102.9', '5')]

describe('aggregateDepth', () => {
  it('rounds bids down to the step and sums them, best first, with running totals', () => {
    expect(aggregateDepth({ levels: bids, step: '1', side: 'bid' })).toEqual([
      { price: '100', qty: '3', total: '3' },
      { price: '99', qty: '4', total: '7' },
      { price: '98', qty: '1', total: '8' },
    ])
  })

  it('rounds asks up to the step; a price on the grid stays in its own bucket', () => {
    expect(aggregateDepth({ levels: asks, step: '1', side: 'ask' })).toEqual([
      { price: '101', qty: '3', total: '3' },
      { price: '102', qty: '3', total: '6' },
      { price: '103', qty: '5', total: '11' },
    ])
  })

  it('keeps a grouped book uncrossed even when best bid and ask share a bucket', () => {
    const b = aggregateDepth({ levels: [level('100.4', '1')], step: '1', side: 'bid' })
    const a = aggregateDepth({ levels: [level('100.6', '1')], step: '1', side: 'ask' })
    expect([b[0]?.price, a[0]?.price]).toEqual(['100', '101'])
  })

  it('groups by a step that is not a power of ten', () => {
    const levels = [level('100.5', '1'), level('100.25', '1'), level('99.75', '2')]
    expect(aggregateDepth({ levels, step: '0.5', side: 'bid' })).toEqual([
      { price: '100.5', qty: '1', total: '1' },
      { price: '100', qty: '1', total: '2' },
      { price: '99.5', qty: '2', total: '4' },
    ])
    expect(aggregateDepth({ levels: levels.slice().reverse(), step: '25', side: 'ask' })).toEqual([
      { price: '100', qty: '2', total: '2' },
      { price: '125', qty: '2', total: '4' },
    ])
  })

  it('with a step equal to the tick, only recomputes totals and normalizes notation', () => {
    const levels = [level('100.50', '1.0', '9'), level('100.4', '002', '9'), level('.3', '0.5')]
    expect(aggregateDepth({ levels, step: '0.1', side: 'bid' })).toEqual([
      { price: '100.5', qty: '1', total: '1' },
      { price: '100.4', qty: '2', total: '3' },
      { price: '0.3', qty: '0.5', total: '3.5' },
    ])
  })

  it('drops empty levels and returns [] for an empty side', () => {
    expect(
      aggregateDepth({ levels: [level('100', '0'), level('99', '1')], step: '1', side: 'bid' }),
    ).toEqual([{ price: '99', qty: '1', total: '1' }])
    expect(aggregateDepth({ levels: [], step: '1', side: 'ask' })).toEqual([])
    expect(aggregateDepth({ levels: [level('100', '0')], step: '1', side: 'ask' })).toEqual([])
  })

  it('accepts levels in any order', () => {
    const shuffled = [bids[2], bids[0], bids[3], bids[1]].filter((l) => l !== undefined)
    expect(aggregateDepth({ levels: shuffled, step: '1', side: 'bid' })).toEqual(
      aggregateDepth({ levels: bids, step: '1', side: 'bid' }),
    )
  })

  it('accepts numbers and exponent notation, and prints plain decimals', () => {
    const levels = [
      { price: 6.5e4, qty: 1e-8 },
      { price: '6.49995e4', qty: '2E-8' },
    ]
    expect(aggregateDepth({ levels, step: 1, side: 'bid' })).toEqual([
      { price: '65000', qty: '0.00000001', total: '0.00000001' },
      { price: '64999', qty: '0.00000002', total: '0.00000003' },
    ])
  })

  it('stays exact past 2^53 and with more than 15 significant digits', () => {
    const levels = [
      level('123456789012345678901.25', '9007199254740993'),
      level('123456789012345678901.5', '0.000000000000000001'),
    ]
    expect(aggregateDepth({ levels, step: '0.5', side: 'ask' })).toEqual([
      {
        price: '123456789012345678901.5',
        qty: '9007199254740993.000000000000000001',
        total: '9007199254740993.000000000000000001',
      },
    ])
  })

  it('rejects a zero or negative step, naming it', () => {
    expect(() =>
      aggregateDepth({ levels: bids, step: '0', side: 'bid' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: step must be a positive decimal, got "0"]`,
    )
    expect(() => aggregateDepth({ levels: bids, step: -1, side: 'bid' })).toThrow(
      'step must be a positive decimal, got -1',
    )
  })

  it('rejects a bad level, naming its index and field', () => {
    expect(() =>
      aggregateDepth({ levels: [level('100', '-1')], step: '1', side: 'bid' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: levels[0].qty must be a non-negative decimal, got "-1"]`,
    )
    expect(() =>
      aggregateDepth({ levels: [level('100', '1'), level('NaN', '1')], step: '1', side: 'ask' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: levels[1].price must be a positive decimal, got "NaN"]`,
    )
    expect(() => aggregateDepth({ levels: [level('0', '1')], step: '1', side: 'ask' })).toThrow(
      'levels[0].price must be a positive decimal',
    )
  })

  it('rejects an unknown side and a levels value that is not an array', () => {
    expect(() =>
      // @ts-expect-error: the side is 'bid' or 'ask'
      aggregateDepth({ levels: bids, step: '1', side: 'bids' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: side must be 'bid' or 'ask', got "bids"]`,
    )
    // @ts-expect-error: null is not a side of levels (the model turns the wire's null into [])
    expect(() => aggregateDepth({ levels: null, step: '1', side: 'bid' })).toThrow(
      'levels must be an array, got null',
    )
  })
})
