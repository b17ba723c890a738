import { describe, expect, it } from 'vitest'
import { fillMarketOrder, simulateMarketOrder } from '../src/book.ts'

const contract = { tickSize: '0.1', stepSize: '1', contractSize: '0.001' }
const level = (price: string, qty: string, total: string) => ({ price, qty, total })
const depth = {
  bids: [level('100.0', '5', '5'), level('99.9', '3', '8'), level('98.7', '2', '10')],
  asks: [level('100.1', '4', '4'), level('100.3', '6', '10'), level('101.5', '1', '11')],
}

describe('fillMarketOrder', () => {
  it('walks a buy through the asks and a sell through the bids, with slippage against the mid', () => {
    const buy = fillMarketOrder(depth, contract, '100.05', {
      side: 'buy',
      amount: '6',
      unit: 'contracts',
    })
    expect(buy).toMatchObject({ filledQty: '6', worstPrice: '100.3', complete: true })
    expect(buy.slippageBps).not.toBeNull()
    const sell = fillMarketOrder(depth, contract, null, {
      side: 'sell',
      amount: '20',
      unit: 'contracts',
    })
    expect(sell).toMatchObject({
      filledQty: '10',
      worstPrice: '98.7',
      complete: false,
      slippageBps: null,
    })
  })

  it('spends a notional in whole steps', () => {
    const fill = fillMarketOrder(depth, contract, '100.05', {
      side: 'buy',
      amount: '0.5',
      unit: 'quote',
    })
    expect(fill.filledQty).toBe('4')
    expect(fill.notional).toBe('0.4004')
  })

  it('fills the same size both ways for the snapshot', () => {
    const order = simulateMarketOrder(depth, { amount: '6', unit: 'contracts' }, contract, '100.05')
    expect(order.buy).toEqual(
      fillMarketOrder(depth, contract, '100.05', { side: 'buy', amount: '6', unit: 'contracts' }),
    )
    expect(order.sell).toMatchObject({ side: 'sell', filledQty: '6', worstPrice: '99.9' })
  })
})
