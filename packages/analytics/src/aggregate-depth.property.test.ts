import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { books, stepFor, sumQty } from '../test/arbitraries.ts'
import { aggregateDepth } from './aggregate-depth.ts'

const multiples = fc.integer({ min: 1, max: 50 })

describe('aggregateDepth properties', () => {
  it('a grouped book never crosses', () => {
    fc.assert(
      fc.property(books(), multiples, (book, m) => {
        const step = stepFor(book.tick, m)
        const bids = aggregateDepth({ levels: book.bids, step, side: 'bid' })
        const asks = aggregateDepth({ levels: book.asks, step, side: 'ask' })
        const bestBid = bids[0]
        const bestAsk = asks[0]
        return (
          bestBid === undefined || bestAsk === undefined || new Big(bestBid.price).lt(bestAsk.price)
        )
      }),
      { numRuns: 1000 },
    )
  })

  it('preserves the total quantity and keeps running totals consistent', () => {
    fc.assert(
      fc.property(books(), multiples, fc.boolean(), (book, m, bidSide) => {
        const levels = bidSide ? book.bids : book.asks
        const grouped = aggregateDepth({
          levels,
          step: stepFor(book.tick, m),
          side: bidSide ? 'bid' : 'ask',
        })
        let running = new Big(0)
        for (const g of grouped) {
          running = running.plus(g.qty)
          expect(g.total).toBe(running.toFixed())
          expect(new Big(g.qty).gt(0)).toBe(true)
        }
        expect(running.eq(sumQty(levels))).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('puts every level in the bucket its price rounds to, buckets strictly best first on the step grid', () => {
    fc.assert(
      fc.property(books(), multiples, fc.boolean(), (book, m, bidSide) => {
        const step = new Big(stepFor(book.tick, m))
        const levels = (bidSide ? book.bids : book.asks).filter((l) => l.qty !== '0')
        const grouped = aggregateDepth({
          levels,
          step: step.toFixed(),
          side: bidSide ? 'bid' : 'ask',
        })
        const prices = grouped.map((g) => new Big(g.price))
        prices.forEach((p, i) => {
          expect(p.mod(step).eq(0)).toBe(true)
          const next = prices[i + 1]
          if (next !== undefined) expect(bidSide ? p.gt(next) : p.lt(next)).toBe(true)
        })
        for (const l of levels) {
          const bucket = bidSide
            ? prices.find((p) => p.lte(l.price) && p.plus(step).gt(l.price))
            : prices.find((p) => p.gte(l.price) && p.minus(step).lt(l.price))
          expect(bucket).toBeDefined()
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('gives the same result on the fast path (best first) and the big.js path (shuffled, exponent notation)', () => {
    fc.assert(
      fc.property(books(), multiples, fc.boolean(), fc.integer(), (book, m, bidSide, seed) => {
        const levels = bidSide ? book.bids : book.asks
        const step = stepFor(book.tick, m)
        const side = bidSide ? 'bid' : 'ask'
        const shuffled = levels
          .map((l, i) => ({ l, k: Math.imul(i + 1, seed | 1) >>> 0 }))
          .sort((a, b) => a.k - b.k)
          .map(({ l }) => ({ price: `${l.price}e0`, qty: l.qty }))
        expect(aggregateDepth({ levels: shuffled, step, side })).toEqual(
          aggregateDepth({ levels, step, side }),
        )
      }),
      { numRuns: 1000 },
    )
  })
})
