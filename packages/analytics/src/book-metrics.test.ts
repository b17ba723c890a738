import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { books } from '../test/arbitraries.ts'
import { level } from '../test/fixtures.ts'
import { bookMetrics } from './book-metrics.ts'

const book = {
  bids: [level('100', '3'), level('99.5', '2'), level('99', '5')],
  asks: [level('101', '1'), level('101.5', '4'), level('102', '10')],
}

describe('bookMetrics', () => {
  it('computes best prices, mid, spread and spread in bps of mid', () => {
    const m = bookMetrics({ book })
    expect(m).toMatchObject({
      bestBid: '100',
      bestAsk: '101',
      bestBidQty: '3',
      bestAskQty: '1',
      mid: '100.5',
      spread: '1',
      // 1 / 100.5 * 10,000 = 99.50248756218905472636..., 18 places half-up
      spreadBps: '99.502487562189054726',
    })
  })

  it('computes the microprice (Pb*Qa + Pa*Qb) / (Qa + Qb), leaning toward the thinner side', () => {
    // (100 * 1 + 101 * 3) / 4 = 100.75: the ask is thin, so the fair price sits near it
    expect(bookMetrics({ book }).microprice).toBe('100.75')
  })

  it('computes the imbalance over the top N levels (default 10)', () => {
    // bids 10, asks 15: (10 - 15) / 25
    expect(bookMetrics({ book })).toMatchObject({ bidQty: '10', askQty: '15', imbalance: '-0.2' })
    // top 1: (3 - 1) / 4
    expect(bookMetrics({ book, levels: 1 })).toMatchObject({
      bidQty: '3',
      askQty: '1',
      imbalance: '0.5',
    })
    // top 2: (5 - 5) / 10
    expect(bookMetrics({ book, levels: 2 }).imbalance).toBe('0')
  })

  it('skips empty levels for the best prices and the top N', () => {
    const m = bookMetrics({
      book: { bids: [level('100.5', '0'), ...book.bids], asks: book.asks },
      levels: 1,
    })
    expect(m).toMatchObject({ bestBid: '100', bidQty: '3' })
  })

  it('yields nulls for what needs a missing side, and an imbalance of 1, -1 or 0', () => {
    expect(bookMetrics({ book: { bids: book.bids, asks: [] } })).toEqual({
      bestBid: '100',
      bestAsk: null,
      bestBidQty: '3',
      bestAskQty: null,
      mid: null,
      spread: null,
      spreadBps: null,
      microprice: null,
      bidQty: '10',
      askQty: '0',
      imbalance: '1',
    })
    expect(bookMetrics({ book: { bids: [], asks: book.asks } }).imbalance).toBe('-1')
    expect(bookMetrics({ book: { bids: [], asks: [] } })).toMatchObject({
      bestBid: null,
      mid: null,
      imbalance: '0',
    })
  })

  it('reports a crossed book with a negative spread rather than failing', () => {
    const m = bookMetrics({ book: { bids: [level('101', '1')], asks: [level('100', '1')] } })
    expect(m).toMatchObject({ spread: '-1', spreadBps: '-99.502487562189054726' })
  })

  it('rejects levels that are not best first, naming the level', () => {
    expect(() =>
      bookMetrics({ book: { bids: [level('99', '1'), level('100', '1')], asks: [] } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: bids[1].price must be below the previous level's price (99): bids must be best first, got "100"]`,
    )
  })

  it('rejects a levels option that is not a positive integer', () => {
    expect(() => bookMetrics({ book, levels: 0 })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: levels must be a positive integer, got 0]`,
    )
  })

  it('property: imbalance is in [-1, 1], and mid and microprice lie between the best bid and ask', () => {
    fc.assert(
      fc.property(books(20), fc.integer({ min: 1, max: 20 }), (b, levels) => {
        const m = bookMetrics({ book: b, levels })
        const imbalance = new Big(m.imbalance)
        if (imbalance.gt(1) || imbalance.lt(-1)) return false
        if (m.mid === null || m.microprice === null || m.bestBid === null || m.bestAsk === null) {
          return m.mid === null && m.microprice === null
        }
        const inside = (x: string) =>
          new Big(x).gte(m.bestBid ?? '') && new Big(x).lte(m.bestAsk ?? '')
        return inside(m.mid) && inside(m.microprice) && new Big(m.spread ?? '').gt(0)
      }),
      { numRuns: 1000 },
    )
  })
})
