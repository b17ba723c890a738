import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { books, stepFor } from '../../test/arbitraries.ts'
import { aggregateScaled } from './aggregate-scaled.ts'

const best = [
  { price: '65000.1', qty: '12' },
  { price: '65000', qty: '3' },
  { price: '64999.9', qty: '0.5' },
]

describe('aggregateScaled (the fast path of aggregateDepth)', () => {
  it('handles ordinary best-first levels without falling back', () => {
    expect(aggregateScaled(best, '0.5', true)).toEqual([
      { price: '65000', qty: '15', total: '15' },
      { price: '64999.5', qty: '0.5', total: '15.5' },
    ])
  })

  it('prints canonical decimals whether or not the input strings were canonical', () => {
    const out = aggregateScaled(
      [
        { price: '65000.10', qty: '007' },
        { price: '64999', qty: '1' },
      ],
      '0.1',
      true,
    )
    expect(out).toEqual([
      { price: '65000.1', qty: '7', total: '7' },
      { price: '64999', qty: '1', total: '8' },
    ])
  })

  it('declines (returns undefined) what it cannot do exactly or validate', () => {
    expect(aggregateScaled([...best].reverse(), '1', true)).toBeUndefined() // not best first
    expect(aggregateScaled([{ price: '1e5', qty: '1' }], '1', true)).toBeUndefined() // exponent
    expect(aggregateScaled([{ price: '1234567890.1234567', qty: '1' }], '1', true)).toBeUndefined() // 17 digits
    expect(
      aggregateScaled([{ price: '900719925474099.1', qty: '1' }], '0.01', false),
    ).toBeUndefined() // past 2^53 once scaled
    expect(aggregateScaled([{ price: '-1', qty: '1' }], '1', true)).toBeUndefined() // invalid: the big.js path throws
    expect(aggregateScaled([{ price: '1', qty: '1' }], '0', true)).toBeUndefined() // zero step
    expect(aggregateScaled([null], '1', true)).toBeUndefined()
    expect(
      aggregateScaled(
        [
          { price: '1', qty: '5000000000000000' },
          { price: '0.5', qty: '5000000000000000' },
        ],
        '1',
        true,
      ),
    ).toBeUndefined() // total past 2^53
  })

  it('property: takes every generated best-first book (mixed decimals included) without falling back', () => {
    fc.assert(
      fc.property(books(), fc.integer({ min: 1, max: 50 }), fc.boolean(), (book, m, bid) => {
        const levels = bid ? book.bids : book.asks
        return aggregateScaled(levels, stepFor(book.tick, m), bid) !== undefined
      }),
      { numRuns: 1000 },
    )
  })

  it('rescales earlier buckets when a later level brings more decimals', () => {
    const levels = [
      { price: '101', qty: '1' },
      { price: '100.5', qty: '2' },
      { price: '100.25', qty: '0.125' },
    ]
    expect(aggregateScaled(levels, '0.5', true)).toEqual([
      { price: '101', qty: '1', total: '1' },
      { price: '100.5', qty: '2', total: '3' },
      { price: '100', qty: '0.125', total: '3.125' },
    ])
  })
})
