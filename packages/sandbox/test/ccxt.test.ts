/**
 * ccxt (its `bitmart` exchange, the one that speaks this interface) against a sandbox started
 * with its defaults: live budgets on, quirks on, no proxy. ccxt's URLs point at the sandbox and
 * its fetch refuses any other host, so nothing leaves the machine. Every market-data call ccxt
 * supports for perpetuals must return the sandbox's own data: each request ccxt made is read
 * from the sandbox's log and asked again of a reference sandbox with the same seed and clock,
 * and ccxt's result is compared with that answer. ccxt paces itself with its own rate limiter.
 */
import type { EndpointPath, EndpointWire } from '@perpkit/schemas'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { fetchData } from './helpers.ts'

/** The sandbox clock, pinned to now so that ccxt's own clock (kline windows) agrees with it. */
const T0 = Math.floor(Date.now() / 1000) * 1000
const BTC = 'BTC/USDT:USDT'

let twin: Sandbox
let reference: Sandbox
/** `method url status` of every request the twin answered. */
const requests: string[] = []
/** URLs ccxt tried to reach outside the twin (must stay empty). */
const escaped: string[] = []
let exchange: InstanceType<typeof ccxt.bitmart>

beforeAll(async () => {
  twin = await startSandbox({
    seed: 'ccxt',
    now: () => T0,
    log: (line) => requests.push(line),
  })
  reference = await startSandbox({ seed: 'ccxt', now: () => T0, rateLimit: false, quiet: true })
  exchange = new ccxt.bitmart({
    urls: { api: { spot: twin.url, swap: twin.url } },
    options: { defaultType: 'swap' },
    timeout: 10_000,
  })
  exchange.fetchImplementation = (url: string, init: RequestInit) => {
    if (!url.startsWith(`${twin.url}/`)) {
      escaped.push(url)
      return Promise.reject(new Error(`offline test: ${url} is not the sandbox`))
    }
    return fetch(url, init)
  }
})

afterAll(async () => {
  await Promise.all([twin.close(), reference.close()])
})

/** The last request ccxt sent to `path`, as path and query. */
function lastRequest(path: string): { path: string; query: Record<string, string> } {
  const line = requests.findLast((entry) => entry.split(' ')[1]?.split('?')[0] === path)
  if (line === undefined) throw new Error(`ccxt sent nothing to ${path}`)
  const url = new URL(line.split(' ')[1] ?? '', 'http://sandbox')
  return { path, query: Object.fromEntries(url.searchParams) }
}

/** What the reference sandbox answers to the request ccxt last sent to `path`. */
async function referenceAnswer<P extends EndpointPath>(path: P): Promise<EndpointWire<P>> {
  const { query } = lastRequest(path)
  return fetchData(reference.url, path, query)
}

/** The `data` of a compatibility route of the reference sandbox. */
async function referenceRoute(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${reference.url}${path}`)
  return ((await res.json()) as { data: Record<string, unknown> }).data
}

const num = (text: string | number) => Number(text)

describe('ccxt bitmart against a default sandbox, offline and without a proxy', () => {
  it('loadMarkets: one unified perpetual per contract, each from its details row', async () => {
    const markets = await exchange.loadMarkets()
    const { symbols } = await referenceAnswer('/contract/public/details')
    expect(Object.keys(markets)).toHaveLength(symbols.length)
    for (const row of symbols) {
      const market = markets[`${row.base_currency}/${row.quote_currency}:USDT`]
      expect(market).toMatchObject({
        id: row.symbol,
        type: 'swap',
        swap: true,
        future: false,
        active: row.status === 'Trading',
        contractSize: num(row.contract_size),
        precision: { price: num(row.price_precision), amount: num(row.vol_precision ?? '') },
      })
    }
  }, 60_000)

  it('fetchCurrencies: the currencies of the listed contracts', async () => {
    const currencies = await exchange.fetchCurrencies()
    const { currencies: rows } = (await referenceRoute('/account/v1/currencies')) as {
      currencies: { currency: string }[]
    }
    expect(Object.keys(currencies ?? {}).sort()).toEqual(rows.map((row) => row.currency).sort())
  }, 30_000)

  it('fetchTime and fetchStatus: the sandbox clock, and the contract service up', async () => {
    expect(await exchange.fetchTime()).toBe(T0)
    expect(await exchange.fetchStatus()).toMatchObject({ status: 'ok' })
  }, 30_000)

  it('fetchTicker and fetchTickers: the details rows', async () => {
    const ticker = await exchange.fetchTicker(BTC)
    const [row] = (await referenceAnswer('/contract/public/details')).symbols
    expect(ticker.info).toEqual(row)
    expect(ticker).toMatchObject({ symbol: BTC, last: num(row?.last_price ?? '') })
    const tickers = await exchange.fetchTickers()
    const all = (await referenceAnswer('/contract/public/details')).symbols
    expect(Object.keys(tickers)).toHaveLength(all.length)
    for (const each of all) {
      const unified = `${each.base_currency}/${each.quote_currency}:USDT`
      expect(tickers[unified]?.info).toEqual(each)
    }
  }, 30_000)

  it('fetchOrderBook: the book, level by level', async () => {
    const book = await exchange.fetchOrderBook(BTC)
    const wire = await referenceAnswer('/contract/public/depth')
    // ccxt keeps the level's third column (the running total) after price and size.
    const levels = (side: typeof wire.bids) =>
      (side ?? []).map(([price, size, total]) => [num(price), num(size), num(total)])
    expect(book.bids).toEqual(levels(wire.bids))
    expect(book.asks).toEqual(levels(wire.asks))
    expect(book.timestamp).toBe(wire.timestamp)
  }, 30_000)

  it('fetchOHLCV and fetchMarkOHLCV: the candles, in ms', async () => {
    const toRows = (wire: EndpointWire<'/contract/public/kline'>) =>
      wire.map((k) => [
        k.timestamp * 1000,
        num(k.open_price),
        num(k.high_price),
        num(k.low_price),
        num(k.close_price),
        num(k.volume),
      ])
    const candles = await exchange.fetchOHLCV(BTC, '1h', undefined, 48)
    expect(candles.length).toBeGreaterThan(40)
    expect(candles).toEqual(toRows(await referenceAnswer('/contract/public/kline')))
    const marks = await exchange.fetchMarkOHLCV(BTC, '15m', undefined, 20)
    expect(marks).toEqual(toRows(await referenceAnswer('/contract/public/markprice-kline')))
  }, 30_000)

  it('fetchFundingRate and fetchFundingRateHistory: the funding rows', async () => {
    const rate = await exchange.fetchFundingRate(BTC)
    const wire = await referenceAnswer('/contract/public/funding-rate')
    expect(rate).toMatchObject({
      symbol: BTC,
      fundingRate: num(wire.expected_rate),
      previousFundingRate: num(wire.rate_value),
      fundingTimestamp: wire.funding_time,
      timestamp: wire.timestamp,
    })
    const history = await exchange.fetchFundingRateHistory(BTC, undefined, 10)
    const { list } = await referenceAnswer('/contract/public/funding-rate-history')
    expect(history.map((entry) => [entry.timestamp, entry.fundingRate])).toEqual(
      list.map((row) => [num(row.funding_time), num(row.funding_rate)]).reverse(),
    )
  }, 30_000)

  it('fetchOpenInterest: open interest and its value', async () => {
    const interest = await exchange.fetchOpenInterest(BTC)
    const wire = await referenceAnswer('/contract/public/open-interest')
    expect(interest).toMatchObject({
      symbol: BTC,
      openInterestAmount: num(wire.open_interest),
      openInterestValue: num(wire.open_interest_value),
      timestamp: wire.timestamp,
    })
  }, 30_000)

  it('paces a burst itself within the live budget: 13 order books in a row, no 429', async () => {
    const before = requests.length
    for (let i = 0; i < 13; i++) await exchange.fetchOrderBook('ETH/USDT:USDT')
    const statuses = requests.slice(before).map((line) => line.split(' ')[2])
    expect(statuses).toEqual(Array.from({ length: 13 }, () => '200'))
  }, 60_000)

  it('refuses what ccxt does not support for swaps, without a request (deliberate probes)', async () => {
    const before = requests.length
    await expect(exchange.fetchTrades(BTC)).rejects.toBeInstanceOf(ccxt.NotSupported)
    await expect(exchange.fetchFundingRates()).rejects.toBeInstanceOf(ccxt.NotSupported)
    expect(requests.length).toBe(before)
  })

  it('reports the live error of an unknown symbol (a deliberate probe)', async () => {
    const probe = exchange.publicGetContractPublicDepth({ symbol: 'NOPEUSDT' })
    await expect(probe).rejects.toBeInstanceOf(ccxt.ExchangeError)
    await expect(probe).rejects.toThrow(/40034/)
  })

  it('never left the machine and never met a rate limit', () => {
    expect(escaped).toEqual([])
    const limited = requests.filter((line) => / (429|418) /.test(line))
    expect(limited).toEqual([])
  })
})
