import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { books } from '../test/arbitraries.ts'
import { level } from '../test/fixtures.ts'
import { AnalyticsInputError } from './errors.ts'
import { walkBook } from './walk-book.ts'

const asks = [level('100', '2'), level('101', '5'), level('103', '1')]

describe('walkBook', () => {
  it('fills a quantity best first: average Σp*q / Σq, worst price, notional Σp*q*contractSize', () => {
    expect(walkBook({ levels: asks, qty: '4', contractSize: '0.5' })).toEqual({
      filledQty: '4',
      avgPrice: '100.5', // (200 + 202) / 4
      worstPrice: '101',
      notional: '201', // 402 * 0.5
      complete: true,
      remaining: '0',
      levelsUsed: 2,
    })
  })

  it('fills exactly a whole level without touching the next', () => {
    expect(walkBook({ levels: asks, qty: 2, contractSize: 1 })).toMatchObject({
      worstPrice: '100',
      levelsUsed: 1,
      complete: true,
    })
  })

  it('reports a partial fill past the end of the book, not an error', () => {
    expect(walkBook({ levels: asks, qty: '10', contractSize: '1' })).toEqual({
      filledQty: '8',
      avgPrice: '101', // (200 + 505 + 103) / 8
      worstPrice: '103',
      notional: '808',
      complete: false,
      remaining: '2',
      levelsUsed: 3,
    })
  })

  it('spends a notional in whole quantity steps', () => {
    // 200 for level 1, then 300 left buys floor(300 / 101) = 2 of level 2
    expect(
      walkBook({ levels: asks, notional: '500', qtyStep: '1', contractSize: '1' }),
    ).toMatchObject({
      filledQty: '4',
      notional: '402',
      remaining: '98',
      complete: true,
      worstPrice: '101',
    })
    // with a 0.1 step: floor(300 / 10.1) = 29 steps = 2.9
    expect(
      walkBook({ levels: asks, notional: '500', qtyStep: '0.1', contractSize: '1' }),
    ).toMatchObject({
      filledQty: '4.9',
      notional: '492.9',
      remaining: '7.1',
    })
  })

  it('applies the contract size to a notional order', () => {
    // contract size 0.001: one contract at 100 costs 0.1
    expect(
      walkBook({ levels: asks, notional: '0.35', qtyStep: '1', contractSize: '0.001' }),
    ).toMatchObject({
      filledQty: '3',
      notional: '0.301',
      remaining: '0.049',
    })
  })

  it('marks a notional order incomplete when the book runs out with a step still affordable', () => {
    expect(
      walkBook({ levels: asks, notional: '10000', qtyStep: '1', contractSize: '1' }),
    ).toMatchObject({
      filledQty: '8',
      complete: false,
      remaining: '9192',
    })
    // 808 spends the whole book and 50 left cannot buy one step at 103: complete
    expect(
      walkBook({ levels: asks, notional: '858', qtyStep: '1', contractSize: '1' }).complete,
    ).toBe(true)
  })

  it('fills nothing on an empty book or a notional below one step', () => {
    expect(walkBook({ levels: [], qty: '1', contractSize: '1' })).toEqual({
      filledQty: '0',
      avgPrice: null,
      worstPrice: null,
      notional: '0',
      complete: false,
      remaining: '1',
      levelsUsed: 0,
    })
    expect(
      walkBook({ levels: asks, notional: '99', qtyStep: '1', contractSize: '1' }),
    ).toMatchObject({
      filledQty: '0',
      complete: true,
    })
  })

  it('spends a notional without a quantity step: how much BTC do 25,250 USDT buy', () => {
    // 0.5 BTC at 25,000 costs 12,500; the 12,750 left buy 0.5 BTC at 25,500
    const btcAsks = [level('25000', '0.5'), level('25500', '2')]
    expect(walkBook({ levels: btcAsks, notional: '25250', contractSize: '1' })).toEqual({
      filledQty: '1',
      avgPrice: '25250',
      worstPrice: '25500',
      notional: '25250',
      complete: true,
      remaining: '0',
      levelsUsed: 2,
    })
    // in contracts of 0.001 BTC: the same 1 BTC is 1,000 contracts
    expect(
      walkBook({
        levels: [level('25000', '500'), level('25500', '2000')],
        notional: '25250',
        contractSize: '0.001',
      }).filledQty,
    ).toBe('1000')
  })

  it('takes a stepless last level to 18 places, rounded down so the notional is never exceeded', () => {
    // 200 for level 1, then 300 / 101 = 2.970297029702970297... of level 2
    const fill = walkBook({ levels: asks, notional: '500', contractSize: '1' })
    expect(fill).toMatchObject({ filledQty: '4.970297029702970297', complete: true, levelsUsed: 2 })
    expect(fill.remaining).toBe('0.000000000000000003')
    // a notional the book cannot absorb is a partial fill, as with a step
    expect(walkBook({ levels: asks, notional: '10000', contractSize: '1' })).toMatchObject({
      filledQty: '8',
      complete: false,
      remaining: '9192',
    })
    // spending exactly the whole book is complete
    expect(walkBook({ levels: asks, notional: '808', contractSize: '1' }).complete).toBe(true)
  })

  it('skips empty levels and walks bids for a sell the same way', () => {
    const bids = [level('99', '0'), level('98', '1'), level('97', '3')]
    expect(walkBook({ levels: bids, qty: '2', contractSize: '1' })).toMatchObject({
      avgPrice: '97.5',
      worstPrice: '97',
      levelsUsed: 2,
    })
  })

  it('carries a non-terminating average to 18 places', () => {
    expect(
      walkBook({ levels: [level('1', '1'), level('2', '2')], qty: '3', contractSize: '1' })
        .avgPrice,
    ).toBe('1.666666666666666667')
  })

  it('refuses an unordered side, naming the level, as depthWithin and bookMetrics do', () => {
    const unordered = [
      { price: '100', qty: '1' },
      { price: '102', qty: '1' },
      { price: '101', qty: '1' },
    ]
    // The fill would stop at the first level: the whole side is checked anyway.
    expect(() => walkBook({ levels: unordered, contractSize: '1', qty: '1' })).toThrow(
      AnalyticsInputError,
    )
    expect(() => walkBook({ levels: unordered, contractSize: '1', qty: '1' })).toThrow(
      "levels[2].price must be above the previous level's price (102): levels must be one side, best first (asks rising, bids falling)",
    )
    const bidsThenUp = [
      { price: '101', qty: '1' },
      { price: '100', qty: '0' },
      { price: '99', qty: '1' },
      { price: '99.5', qty: '1' },
    ]
    expect(() => walkBook({ levels: bidsThenUp, contractSize: '1', notional: '10' })).toThrow(
      'levels[3].price must be below',
    )
    const repeated = [
      { price: '100', qty: '1' },
      { price: '100', qty: '1' },
    ]
    expect(() => walkBook({ levels: repeated, contractSize: '1', qty: '2' })).toThrow(
      'levels[1].price must differ from',
    )
  })

  it('rejects an order with both or neither sizes, and a zero step', () => {
    expect(() =>
      // @ts-expect-error: exactly one of qty and notional
      walkBook({ levels: asks, qty: '1', notional: '1', qtyStep: '1', contractSize: '1' }),
    ).toThrow(/^parameters must have exactly one of qty and notional/)
    expect(() =>
      walkBook({ levels: asks, notional: '1', qtyStep: '0', contractSize: '1' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: qtyStep must be a positive decimal, got "0"]`,
    )
    expect(() =>
      walkBook({ levels: asks, qty: '-1', contractSize: '1' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: qty must be a positive decimal, got "-1"]`,
    )
  })

  it('property: a notional order never overspends, fills whole steps, and average lies between best and worst', () => {
    fc.assert(
      fc.property(books(30), fc.integer({ min: 1, max: 10_000_000 }), (b, cents) => {
        const budget = new Big(cents).div(100)
        const fill = walkBook({
          levels: b.asks,
          notional: budget.toFixed(),
          qtyStep: '0.001',
          contractSize: '0.01',
        })
        const filled = new Big(fill.filledQty)
        if (new Big(fill.notional).gt(budget) || !filled.mod('0.001').eq(0)) return false
        if (fill.avgPrice === null) return filled.eq(0)
        const best = b.asks.find((l) => l.qty !== '0')?.price ?? ''
        return new Big(fill.avgPrice).gte(best) && new Big(fill.avgPrice).lte(fill.worstPrice ?? '')
      }),
      { numRuns: 1000 },
    )
  })
})
