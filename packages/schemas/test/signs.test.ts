import { describe, expect, it } from 'vitest'
import { decodeData, type EndpointPath, endpoints } from '../src/index.ts'
import {
  contractSample,
  depthSample,
  fundingHistorySample,
  klineSample,
  tradeSample,
} from './samples.ts'

function issuesOf(path: EndpointPath, data: unknown) {
  const result = decodeData(endpoints[path], data)
  if (result.success) throw new Error('expected the payload to be refused')
  return result.issues
}

function decoded<P extends EndpointPath>(path: P, data: unknown) {
  const result = decodeData(endpoints[path], data)
  if (!result.success) throw new Error(JSON.stringify(result.issues))
  return result.data
}

describe('prices and quantities refuse a sign', () => {
  it.each(['-5', '-0', '-0.0'])('refuses a depth level priced %s, naming the level', (price) => {
    const bad = depthSample()
    bad.bids = [
      ['87150.4', '3', '3'],
      [price, '2', '5'],
    ]
    expect(issuesOf('/contract/public/depth', bad)).toEqual([
      {
        path: 'data.bids[1][0]',
        expected: 'a non-negative decimal string',
        received: `"${price}"`,
      },
    ])
  })

  it('refuses a negative depth quantity and running total', () => {
    for (const column of [1, 2]) {
      const bad = depthSample()
      const level = ['87150.5', '5', '5']
      level[column] = '-5'
      bad.asks = [level]
      expect(issuesOf('/contract/public/depth', bad)[0]?.path).toBe(`data.asks[0][${column}]`)
    }
  })

  it('refuses a negative candle price or volume', () => {
    for (const key of ['open_price', 'high_price', 'low_price', 'close_price', 'volume']) {
      const bad = klineSample()
      bad[0] = { ...bad[0]!, [key]: '-0' }
      expect(issuesOf('/contract/public/kline', bad)[0]?.path).toBe(`data[0].${key}`)
    }
  })

  it('refuses a negative trade price, quantity or quote quantity', () => {
    for (const key of ['price', 'qty', 'quote_qty']) {
      const bad = tradeSample()
      bad[0] = { ...bad[0]!, [key]: '-1.5' }
      expect(issuesOf('/contract/public/market-trade', bad)[0]?.path).toBe(`data[0].${key}`)
    }
  })

  it('refuses a negative last price or open interest in details', () => {
    for (const key of ['last_price', 'index_price', 'open_interest', 'volume_24h']) {
      const row = { ...contractSample(), [key]: '-5' }
      expect(issuesOf('/contract/public/details', { symbols: [row] })[0]?.path).toBe(
        `data.symbols[0].${key}`,
      )
    }
  })

  it('refuses a negative open interest', () => {
    const bad = { symbol: 'BTCUSDT', open_interest: '-1', open_interest_value: '1', timestamp: 1 }
    expect(issuesOf('/contract/public/open-interest', bad)[0]?.path).toBe('data.open_interest')
  })
})

describe('signed fields keep their sign', () => {
  it('keeps a negative funding rate, expected rate and 24 h change in details', () => {
    const row = {
      ...contractSample(),
      funding_rate: '-0.000125',
      expected_funding_rate: '-0.0001',
      change_24h: '-0.0213',
    }
    const [contract] = decoded('/contract/public/details', { symbols: [row] })
    expect([contract?.fundingRate, contract?.expectedFundingRate, contract?.change24h]).toEqual([
      '-0.000125',
      '-0.0001',
      '-0.0213',
    ])
  })

  it('keeps a negative settled funding rate in the history', () => {
    const history = fundingHistorySample()
    history.list[0] = { ...history.list[0]!, funding_rate: '-0.000375' }
    expect(decoded('/contract/public/funding-rate-history', history)[0]?.fundingRate).toBe(
      '-0.000375',
    )
  })

  it("the details wire schema refuses a negative price as the model's decode does", () => {
    const wire = endpoints['/contract/public/details'].wire
    expect(wire.safeParse({ symbols: [{ ...contractSample(), last_price: '-1' }] }).success).toBe(
      false,
    )
  })
})
