/**
 * End to end, JSON output: the demo as a real process against its embedded sandbox.
 */
import { describe, expect, it } from 'vitest'
import { expectDecimals, runDemo } from './run-demo.ts'

describe('the JSON snapshot', () => {
  it('prints one JSON document with every section, decimals as strings and times as numbers', async () => {
    const run = await runDemo(['--json', '--symbol', 'BTCUSDT'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const document = JSON.parse(run.stdout)
    expect(document.source).toMatchObject({ kind: 'sandbox', signed: true, rateLimited: true })
    expect(document.orderSize).toEqual({ amount: '100000', unit: 'quote' })
    expect(typeof document.generatedAt).toBe('number')
    expect(document.symbols).toHaveLength(1)
    const [btc] = document.symbols
    expect(btc.symbol).toBe('BTCUSDT')
    expect(btc.contract).toMatchObject({
      productType: 'perpetual',
      status: 'Trading',
      tickSize: '0.1',
    })
    expectDecimals(btc.contract, [
      'tickSize',
      'stepSize',
      'contractSize',
      'minLeverage',
      'maxLeverage',
    ])
    expectDecimals(btc.prices, [
      'last',
      'mark',
      'index',
      'change24h',
      'high24h',
      'low24h',
      'volume24h',
    ])
    expectDecimals(btc.funding, [
      'lastRate',
      'expectedRate',
      'lastAnnualized',
      'expectedAnnualized',
    ])
    expect(typeof btc.funding.nextFundingTime).toBe('number')
    expect(typeof btc.funding.timeToNextMs).toBe('number')
    expectDecimals(btc.openInterest, ['contracts', 'base', 'value'])
    // Open interest keeps every decimal: it was never a float.
    expect(btc.openInterest.contracts.split('.')[1]?.length ?? 0).toBeGreaterThan(15)
    expectDecimals(btc.book.top, [
      'bestBid',
      'bestAsk',
      'mid',
      'spread',
      'spreadBps',
      'microprice',
      'imbalance',
    ])
    expect(btc.book.groups.map((g: { step: string }) => g.step)).toEqual(['1', '10'])
    for (const group of btc.book.groups) {
      expectDecimals(group.metrics, ['mid', 'spread', 'microprice', 'imbalance'])
      for (const level of [...group.bids, ...group.asks])
        expectDecimals(level, ['price', 'qty', 'total'])
    }
    for (const fill of [btc.marketOrder.buy, btc.marketOrder.sell]) {
      expect(fill.complete).toBe(true)
      expectDecimals(fill, ['filledQty', 'avgPrice', 'worstPrice', 'notional', 'slippageBps'])
    }
    expect(btc.trades).toHaveLength(6)
    for (const trade of btc.trades) {
      expect(typeof trade.time).toBe('number')
      expectDecimals(trade, ['price', 'qty', 'value'])
    }
    expect(btc.candles.stepMinutes).toBe(60)
    expect(btc.candles.candles).toHaveLength(48)
    expectDecimals(btc.candles.candles[0], [
      'openPrice',
      'highPrice',
      'lowPrice',
      'closePrice',
      'volume',
    ])
    expectDecimals(btc.liquidation, ['entryPrice', 'qty', 'baseQty', 'notional'])
    expect(btc.liquidation.entryPrice).toBe(btc.prices.mark)
    expect(btc.liquidation.entryReference).toBe('mark')
    expect(btc.liquidation.rows).toHaveLength(8)
    for (const row of btc.liquidation.rows) {
      expect(row.allowed).toBe(true)
      expectDecimals(row, ['margin', 'price', 'distance'])
      expectDecimals(row.bracket, ['maintMarginRatio'])
    }
  })
})
