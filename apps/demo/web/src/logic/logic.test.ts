import { aggregateDepth, bookMetrics, liquidationPrice } from '@perpkit/analytics'
import type { LeverageBracket } from '@perpkit/schemas'
import { describe, expect, it } from 'vitest'
import { bookView, depthCurves, LADDER_LEVELS } from './book.ts'
import { fundingView } from './funding.ts'
import { computeLiquidation } from './liquidation.ts'
import { fillOrderForm } from './market-order.ts'
import { backfillRange, initialRange, mergeCandles, stepMillis } from './steps.ts'

const contract = {
  pricePrecision: '0.1',
  volumePrecision: '1',
  contractSize: '0.001',
  fundingIntervalHours: 8,
}

const level = (price: string, qty: string, total: string) => ({ price, qty, total })
const depth = {
  bids: [level('100.0', '5', '5'), level('99.9', '3', '8'), level('98.7', '2', '10')],
  asks: [level('100.1', '4', '4'), level('100.3', '6', '10'), level('101.5', '1', '11')],
}

const brackets: LeverageBracket[] = [
  {
    bracket: 1,
    initialLeverage: 125,
    notionalFloor: '0',
    notionalCap: '50000',
    maintMarginRatio: '0.004',
    cum: '0',
  },
  {
    bracket: 2,
    initialLeverage: 100,
    notionalFloor: '50000',
    notionalCap: '250000',
    maintMarginRatio: '0.005',
    cum: '50',
  },
]

describe('the order-book panel', () => {
  it('groups the book at the chosen number of ticks, as aggregateDepth does, top levels only', () => {
    const view = bookView(depth, contract, { groupTicks: 10, withinPct: '0.5' })
    expect(view.groupStep).toBe('1')
    expect(view.bids).toEqual(aggregateDepth({ levels: depth.bids, step: '1', side: 'bid' }))
    expect(view.asks[0]).toEqual({ price: '101', qty: '10', total: '10' })
    expect(view.metrics).toEqual(bookMetrics({ book: depth, levels: 10 }))
    expect(view.bids.length).toBeLessThanOrEqual(LADDER_LEVELS)
  })

  it('counts the liquidity within the band around the mid', () => {
    const narrow = bookView(depth, contract, { groupTicks: 1, withinPct: '0.5' }).within
    const wide = bookView(depth, contract, { groupTicks: 1, withinPct: '2' }).within
    expect(narrow?.bidQty).toBe('8')
    expect(wide?.bidQty).toBe('10')
  })

  it('draws the depth curves ascending by price, bids reversed', () => {
    const curves = depthCurves(depth)
    expect(curves.bids.map((p) => p.price)).toEqual([98.7, 99.9, 100])
    expect(curves.bids.map((p) => p.total)).toEqual([10, 8, 5])
    expect(curves.asks.map((p) => p.price)).toEqual([100.1, 100.3, 101.5])
  })
})

describe('the market-order calculator', () => {
  it('fills the typed amount, spaces ignored, in whole steps of volumePrecision', () => {
    const fill = fillOrderForm(depth, contract, '100.05', {
      side: 'buy',
      amount: ' 0.5 ',
      unit: 'quote',
    })
    expect(fill).toMatchObject({ side: 'buy', filledQty: '4', notional: '0.4004' })
  })
})

describe('the liquidation calculator', () => {
  const position = {
    side: 'long',
    qty: '1000',
    entryPrice: '90000',
    basis: 'leverage',
    amount: '10',
  } as const

  it('answers what liquidationPrice answers, by leverage or by margin', () => {
    const byLeverage = computeLiquidation(position, brackets, contract)
    expect(byLeverage).toEqual({
      kind: 'point',
      point: liquidationPrice({
        side: 'long',
        qty: '1000',
        entryPrice: '90000',
        leverage: '10',
        brackets,
        contractSize: '0.001',
      }),
    })
    const byMargin = computeLiquidation(
      { ...position, side: 'short', basis: 'margin', amount: ' 4000 ' },
      brackets,
      contract,
    )
    expect(byMargin.kind === 'point' && byMargin.point.margin).toBe('4000')
  })

  it('explains a bad field instead of throwing', () => {
    const outcome = computeLiquidation({ ...position, qty: 'lots' }, brackets, contract)
    expect(outcome.kind).toBe('invalid')
    expect(outcome.kind === 'invalid' && outcome.message).toMatch(/qty/)
  })
})

describe('the funding panel', () => {
  const funding = {
    symbol: 'BTCUSDT',
    timestamp: null,
    rateValue: '0.0001',
    expectedRate: '-0.0002',
    fundingTime: Date.UTC(2026, 0, 1, 8),
    fundingUpperLimit: '0.0375',
    fundingLowerLimit: '-0.0375',
    fundingIntervalHours: null,
  }

  it('annualizes both rates over the contract’s interval and counts down to the settlement', () => {
    const view = fundingView(funding, contract, Date.UTC(2026, 0, 1, 6, 30))
    expect(view.rateAnnualized).toBe('0.1095')
    expect(view.expectedAnnualized).toBe('-0.219')
    expect(view.msLeft).toBe(90 * 60_000)
  })

  it('does not annualize without an interval, and never counts below zero', () => {
    const view = fundingView(funding, { fundingIntervalHours: null }, Date.UTC(2026, 0, 1, 9))
    expect(view.rateAnnualized).toBeNull()
    expect(view.msLeft).toBe(0)
  })
})

describe('candle ranges', () => {
  const now = Date.UTC(2026, 10, 23, 10, 30)

  it('opens with 300 candles up to now and backfills whole windows before the oldest', () => {
    expect(initialRange('1h', now)).toEqual({ startTime: now - 299 * 3_600_000, endTime: now })
    expect(stepMillis('1w')).toBe(7 * 86_400_000)
    const oldest = now - 299 * 60_000
    expect(backfillRange('1m', oldest, now)).toEqual({
      startTime: oldest - 3000 * 60_000,
      endTime: now,
    })
  })

  it('merges fresh candles: the same open time replaces, newer ones append, ascending', () => {
    const c = (timestamp: number, closePrice: string) => ({ timestamp, closePrice })
    expect(mergeCandles([c(1, 'a'), c(2, 'b')], [c(2, 'B'), c(3, 'c')])).toEqual([
      c(1, 'a'),
      c(2, 'B'),
      c(3, 'c'),
    ])
    expect(mergeCandles([c(3, 'c')], [c(1, 'a')])).toEqual([c(1, 'a'), c(3, 'c')])
  })
})
