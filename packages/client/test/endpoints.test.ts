import { startSandbox } from '@perpkit/sandbox'
import { endpoints, isDecimalString } from '@perpkit/schemas'
import { describe, expect, inject, it } from 'vitest'
import { createClient, InvalidParamsError } from '../src/index.ts'

const now = inject('sandboxNow')
const client = createClient({ baseUrl: inject('sandboxUrl'), rateLimit: false, now: () => now })
const HOUR = 3_600_000

describe('each endpoint over HTTP against the sandbox', () => {
  it('getKlines: ascending candles in ms, on the step grid, inside the window', async () => {
    const candles = await client.getKlines({
      symbol: 'BTCUSDT',
      step: '1h',
      startTime: now - 24 * HOUR,
      endTime: now,
    })
    expect(candles.length).toBeGreaterThanOrEqual(24)
    for (const [i, k] of candles.entries()) {
      expect(k.timestamp % HOUR).toBe(0)
      expect(k.timestamp).toBeGreaterThanOrEqual(now - 24 * HOUR)
      expect(k.timestamp).toBeLessThanOrEqual(now)
      if (i > 0) expect(k.timestamp - candles[i - 1]!.timestamp).toBe(HOUR)
      expect(isDecimalString(k.closePrice)).toBe(true)
    }
  })

  it('getMarkPriceKlines: mark candles on the same grid', async () => {
    const mark = await client.getMarkPriceKlines({
      symbol: 'ETHUSDT',
      step: 15,
      startTime: now - HOUR,
      endTime: now,
    })
    expect(mark.map((k) => k.timestamp % (15 * 60_000))).toEqual(mark.map(() => 0))
  })

  it('getTrades: newest first, times in ms, at most limit', async () => {
    const trades = await client.getTrades({ symbol: 'BTCUSDT', limit: 20 })
    expect(trades).toHaveLength(20)
    for (let i = 1; i < trades.length; i++)
      expect(trades[i - 1]!.time).toBeGreaterThanOrEqual(trades[i]!.time)
    expect(trades[0]!.time).toBeGreaterThan(1e12)
  })

  it('getFundingRate and getFundingRateHistory (newest first)', async () => {
    const rate = await client.getFundingRate({ symbol: 'BTCUSDT' })
    expect(rate.fundingTime).toBeGreaterThan(now)
    expect(isDecimalString(rate.fundingUpperLimit)).toBe(true)
    const history = await client.getFundingRateHistory({ symbol: 'BTCUSDT', limit: 10 })
    expect(history).toHaveLength(10)
    expect(history[0]!.fundingTime).toBeGreaterThan(history[1]!.fundingTime)
  })

  it('getContracts: all contracts without a symbol (perpetual, futures and delisted), one with', async () => {
    // Live lists no dated future (nor does the shared sandbox): one that lists them.
    const futures = await startSandbox({ seed: 7, now: () => now, quiet: true, datedFutures: true })
    const listed = await createClient({ baseUrl: futures.url, now: () => now })
      .getContracts()
      .finally(() => futures.close())
    expect(new Set(listed.map((c) => c.productType))).toEqual(new Set(['perpetual', 'futures']))
    const all = await client.getContracts()
    expect(new Set(all.map((c) => c.productType))).toEqual(new Set(['perpetual']))
    expect(all.some((c) => c.status === 'Delisted')).toBe(true)
    const [btc] = await client.getContracts({ symbol: 'BTCUSDT' })
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      productType: 'perpetual',
      expireTimestamp: null,
    })
  })

  it('getLeverageBrackets: ascending brackets whose floors meet the previous caps', async () => {
    const [rule] = await client.getLeverageBrackets({ symbol: 'BTCUSDT' })
    const brackets = rule!.brackets
    expect(brackets[0]!.notionalFloor).toBe('0')
    for (let i = 1; i < brackets.length; i++) {
      expect(brackets[i]!.notionalFloor).toBe(brackets[i - 1]!.notionalCap)
    }
  })

  it('getDepth: bids descending, asks ascending, running totals', async () => {
    const book = await client.getDepth({ symbol: 'BTCUSDT' })
    expect(book.bids.length).toBeGreaterThan(0)
    expect(Number(book.bids[0]!.price)).toBeGreaterThan(Number(book.bids[1]!.price))
    expect(Number(book.asks[0]!.price)).toBeLessThan(Number(book.asks[1]!.price))
    expect(Number(book.bids[0]!.price)).toBeLessThan(Number(book.asks[0]!.price))
    expect(book.bids[0]!.total).toBe(book.bids[0]!.qty)
  })

  it('getOpenInterest: exact decimal strings', async () => {
    const oi = await client.getOpenInterest({ symbol: 'SOLUSDT' })
    expect(isDecimalString(oi.openInterest)).toBe(true)
    expect(oi.timestamp).toBeGreaterThan(1e12)
  })

  it('withResponse: the model with the envelope, trace, HTTP response and attempts', async () => {
    const r = await client.getOpenInterest({ symbol: 'BTCUSDT' }).withResponse()
    expect(r.envelope.code).toBe(1000)
    expect(r.trace).toBe(r.envelope.trace)
    expect(r.trace).toMatch(/\S/)
    expect(r.response.status).toBe(200)
    expect(r.attempts).toBe(1)
    expect(r.data.symbol).toBe('BTCUSDT')
  })

  it('request(): a table path with a zod schema, and an unknown path as an ApiError', async () => {
    const data = await client.request({
      path: '/contract/public/depth',
      query: { symbol: 'ETHUSDT' },
      schema: endpoints['/contract/public/depth'].data,
    })
    expect(data.symbol).toBe('ETHUSDT')
    await expect(client.request({ path: '/contract/public/nope' })).rejects.toMatchObject({
      name: 'ApiError',
      code: 30000,
      httpStatus: 404,
    })
  })
  it('request(): a body JSON cannot write is an InvalidParamsError before sending, not a raw TypeError', async () => {
    const error = await client
      .request({ method: 'POST', path: '/contract/private/submit-order', body: { size: 10n } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidParamsError)
    expect((error as InvalidParamsError).issues).toEqual([
      {
        path: 'body',
        expected: 'a value JSON can write (no BigInt, no cycles)',
        received: 'object',
      },
    ])
  })
})
