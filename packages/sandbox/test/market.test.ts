import { endpointPaths } from '@perpkit/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import {
  call,
  compareDecimals,
  exact,
  fetchData,
  fetchDepth,
  NOW,
  NOW_SECONDS,
  product,
} from './helpers.ts'

const SYMBOLS = [
  'BTCUSDT',
  'ETHUSDT',
  'SOLUSDT',
  'XRPUSDT',
  'DOGEUSDT',
  '1000PEPEUSDT',
  'BTCUSDT_270326',
]

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    rateLimit: false,
    now: () => NOW,
    quirks: false,
    datedFutures: true,
  })
})

afterAll(async () => {
  await sandbox.close()
})

describe('one consistent market at now', () => {
  it.each(SYMBOLS)(
    '%s: last trade = details last_price = latest close, inside the best bid and ask',
    async (symbol) => {
      const [trades, details, candles, book] = await Promise.all([
        fetchData(sandbox.url, '/contract/public/market-trade', { symbol, limit: 1 }),
        fetchData(sandbox.url, '/contract/public/details', { symbol }),
        fetchData(sandbox.url, '/contract/public/kline', {
          symbol,
          step: 1,
          start_time: NOW_SECONDS - 300,
          end_time: NOW_SECONDS,
        }),
        fetchDepth(sandbox.url, symbol),
      ])
      const last = trades[0]?.price ?? ''
      expect(details.symbols[0]?.last_price).toBe(last)
      expect(candles.at(-1)?.close_price).toBe(last)
      const bid = book.bids?.[0]?.[0] ?? ''
      const ask = book.asks?.[0]?.[0] ?? ''
      expect(compareDecimals(bid, last)).toBeLessThanOrEqual(0)
      expect(compareDecimals(last, ask)).toBeLessThanOrEqual(0)
      expect(compareDecimals(bid, ask)).toBeLessThan(0)
    },
  )
})

describe('depth', () => {
  it('orders bids descending and asks ascending with 50 levels a side by default', async () => {
    const book = await fetchDepth(sandbox.url, 'ETHUSDT')
    expect(book.timestamp).toBe(NOW)
    const bids = book.bids ?? []
    const asks = book.asks ?? []
    expect(bids).toHaveLength(50)
    expect(asks).toHaveLength(50)
    for (let i = 1; i < 50; i++) {
      expect(compareDecimals(bids[i]?.[0] ?? '', bids[i - 1]?.[0] ?? '')).toBeLessThan(0)
      expect(compareDecimals(asks[i]?.[0] ?? '', asks[i - 1]?.[0] ?? '')).toBeGreaterThan(0)
    }
  })

  it('makes the third column the running total of the sizes, all on the size step and price tick', async () => {
    const book = await fetchDepth(sandbox.url, 'BTCUSDT')
    for (const side of [book.bids ?? [], book.asks ?? []]) {
      let total = 0
      for (const [price, size, running] of side) {
        expect(price).toMatch(/^\d+\.\d$/)
        expect(size).toMatch(/^[1-9]\d*$/)
        total += Number(size)
        expect(running).toBe(String(total))
      }
    }
  })

  it('serves depthLevels levels per side', async () => {
    const deep = await startSandbox({
      rateLimit: false,
      now: () => NOW,
      depthLevels: 1000,
      quirks: false,
    })
    try {
      const book = await fetchDepth(deep.url, 'XRPUSDT')
      expect(book.bids).toHaveLength(1000)
      expect(book.asks).toHaveLength(1000)
    } finally {
      await deep.close()
    }
  })

  it('gives the thin contracts two-sided books without quirks', async () => {
    for (const symbol of ['ACEUSDT', 'NTRNUSDT']) {
      const book = await fetchDepth(sandbox.url, symbol)
      expect(book.bids).toHaveLength(50)
      expect(book.asks).toHaveLength(50)
    }
  })
})

describe('market-trade', () => {
  it('returns 50 trades by default, newest first, with times in seconds', async () => {
    const trades = await fetchData(sandbox.url, '/contract/public/market-trade', {
      symbol: 'BTCUSDT',
    })
    expect(trades).toHaveLength(50)
    expect(trades[0]?.time).toBe(NOW_SECONDS)
    for (let i = 1; i < trades.length; i++) {
      expect(trades[i]?.time).toBeLessThanOrEqual(trades[i - 1]?.time ?? 0)
    }
  })

  it('returns up to the table maximum of 100', async () => {
    expect(
      await fetchData(sandbox.url, '/contract/public/market-trade', {
        symbol: 'DOGEUSDT',
        limit: 100,
      }),
    ).toHaveLength(100)
  })

  it('sends qty in base coin (whole contracts x contract size) and quote_qty = price x qty exactly', async () => {
    const trades = await fetchData(sandbox.url, '/contract/public/market-trade', {
      symbol: 'BTCUSDT',
      limit: 100,
    })
    for (const t of trades) {
      expect(exact(t.quote_qty)).toBe(product(t.price, t.qty))
      // 0.001 BTC per contract: qty has at most three decimals.
      expect(t.qty).toMatch(/^\d+(\.\d{1,3})?$/)
      expect(typeof t.is_buyer_maker).toBe('boolean')
    }
  })
})

describe('funding', () => {
  it('reports the last settled rate, the next settlement time and the limits as strings', async () => {
    const rate = await fetchData(sandbox.url, '/contract/public/funding-rate', {
      symbol: 'BTCUSDT',
    })
    const history = await fetchData(sandbox.url, '/contract/public/funding-rate-history', {
      symbol: 'BTCUSDT',
    })
    const eightHours = 8 * 3_600_000
    expect(rate.timestamp).toBe(NOW)
    expect(rate.funding_time).toBe(Math.ceil(NOW / eightHours) * eightHours)
    expect(rate.funding_upper_limit).toBe('0.0375')
    expect(rate.funding_lower_limit).toBe('-0.0375')
    expect(rate.rate_value).toBe(history.list[0]?.funding_rate)
  })

  it('lists 100 settlements by default, newest first, one interval apart, funding_time as a string', async () => {
    const { list } = await fetchData(sandbox.url, '/contract/public/funding-rate-history', {
      symbol: 'ETHUSDT',
    })
    expect(list).toHaveLength(100)
    list.forEach((r, i) => {
      expect(typeof r.funding_time).toBe('string')
      if (i > 0)
        expect(Number(list[i - 1]?.funding_time) - Number(r.funding_time)).toBe(8 * 3_600_000)
    })
    expect(Number(list[0]?.funding_time)).toBeLessThanOrEqual(NOW)
  })

  it('settles DOGEUSDT every 4 hours', async () => {
    const { list } = await fetchData(sandbox.url, '/contract/public/funding-rate-history', {
      symbol: 'DOGEUSDT',
      limit: 2,
    })
    expect(Number(list[0]?.funding_time) - Number(list[1]?.funding_time)).toBe(4 * 3_600_000)
  })

  it('has no funding for the dated future: rates "0", empty history', async () => {
    const rate = await fetchData(sandbox.url, '/contract/public/funding-rate', {
      symbol: 'BTCUSDT_270326',
    })
    expect(rate).toMatchObject({
      rate_value: '0',
      expected_rate: '0',
      funding_time: Date.UTC(2027, 2, 26, 8),
    })
    const history = await fetchData(sandbox.url, '/contract/public/funding-rate-history', {
      symbol: 'BTCUSDT_270326',
    })
    expect(history.list).toEqual([])
  })
})

describe('determinism', () => {
  const queries: Record<string, Record<string, string | number>> = {
    '/contract/public/kline': {
      symbol: 'BTCUSDT',
      step: 5,
      start_time: NOW_SECONDS - 20_000,
      end_time: NOW_SECONDS,
    },
    '/contract/public/markprice-kline': {
      symbol: 'BTCUSDT',
      step: 1440,
      start_time: NOW_SECONDS - 90 * 86_400,
      end_time: NOW_SECONDS,
    },
    '/contract/public/market-trade': { symbol: 'ETHUSDT', limit: 100 },
    '/contract/public/funding-rate': { symbol: 'SOLUSDT' },
    '/contract/public/funding-rate-history': { symbol: 'SOLUSDT' },
    '/contract/public/details': {},
    '/contract/public/leverage-bracket': {},
    '/contract/public/depth': { symbol: 'XRPUSDT' },
    '/contract/public/open-interest': { symbol: 'BTCUSDT' },
  }

  async function snapshot(url: string) {
    const out: Record<string, unknown> = {}
    for (const path of endpointPaths) out[path] = (await call(url, path, queries[path])).body.data
    return out
  }

  it('answers the same data for the same seed and request, in another sandbox too; 1 and "1" are one seed', async () => {
    const again = await startSandbox({
      rateLimit: false,
      now: () => NOW,
      seed: '1',
      quirks: false,
      datedFutures: true,
    })
    try {
      expect(await snapshot(again.url)).toEqual(await snapshot(sandbox.url))
    } finally {
      await again.close()
    }
  })

  it('answers different prices, books and trades for a different seed', async () => {
    const other = await startSandbox({
      rateLimit: false,
      now: () => NOW,
      seed: 2,
      quirks: false,
      datedFutures: true,
    })
    try {
      const a = await snapshot(sandbox.url)
      const b = await snapshot(other.url)
      for (const path of [
        '/contract/public/kline',
        '/contract/public/market-trade',
        '/contract/public/depth',
        '/contract/public/open-interest',
      ]) {
        expect(b[path]).not.toEqual(a[path])
      }
      // The specification does not depend on the seed.
      expect(b['/contract/public/leverage-bracket']).toEqual(a['/contract/public/leverage-bracket'])
    } finally {
      await other.close()
    }
  })
})
