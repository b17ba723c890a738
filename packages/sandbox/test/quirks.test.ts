import type { KlineWire } from '@perpkit/schemas'
import { endpointPaths } from '@perpkit/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { call, exact, fetchData, fetchDepth, NOW, NOW_SECONDS, product } from './helpers.ts'
import { sampleQueries } from './sample-queries.ts'

/** The default sandbox: quirks on. */
let quirky: Sandbox
/** The same seed and clock, quirks off. */
let clean: Sandbox
/** Quirks on, 60 contracts: enough rows for every per-row variant to show. */
let wide: Sandbox

beforeAll(async () => {
  quirky = await startSandbox({ rateLimit: false, now: () => NOW })
  clean = await startSandbox({ rateLimit: false, now: () => NOW, quirks: false })
  wide = await startSandbox({ rateLimit: false, now: () => NOW, contracts: 60 })
})

afterAll(async () => {
  await Promise.all([quirky.close(), clean.close(), wide.close()])
})

const klineQuery = {
  symbol: 'BTCUSDT',
  step: 1,
  start_time: NOW_SECONDS - 499 * 60,
  end_time: NOW_SECONDS,
}

async function detailsRow(base: string, symbol: string): Promise<Record<string, unknown>> {
  const reply = await call(base, '/contract/public/details', { symbol })
  return (reply.body.data as { symbols: Record<string, unknown>[] }).symbols[0] ?? {}
}

describe('quirks (on by default, deterministic from the seed)', () => {
  it('stamps some candles one second after their bucket start, the others on it', async () => {
    for (const path of ['/contract/public/kline', '/contract/public/markprice-kline'] as const) {
      const candles: KlineWire[] = await fetchData(quirky.url, path, klineQuery)
      const offsets = candles.map((k) => k.timestamp % 60)
      expect(new Set(offsets)).toEqual(new Set([0, 1]))
      const late = offsets.filter((o) => o === 1).length
      expect(late).toBeGreaterThan(30)
      expect(late).toBeLessThan(150)
    }
    const cleanCandles = await fetchData(clean.url, '/contract/public/kline', klineQuery)
    expect(cleanCandles.every((k) => k.timestamp % 60 === 0)).toBe(true)
  })

  it('sends funding-rate-history funding_time as a number on some rows and a string on others', async () => {
    const query = { symbol: 'BTCUSDT', limit: 100 }
    const { list } = await fetchData(quirky.url, '/contract/public/funding-rate-history', query)
    const types = new Set(list.map((row) => typeof row.funding_time))
    expect(types).toEqual(new Set(['number', 'string']))
    const cleanList = await fetchData(clean.url, '/contract/public/funding-rate-history', query)
    expect(cleanList.list.every((row) => typeof row.funding_time === 'string')).toBe(true)
    expect(list.map((row) => Number(row.funding_time))).toEqual(
      cleanList.list.map((row) => Number(row.funding_time)),
    )
  })

  it('says "Ok" on some responses and "OK" on others, the same for the same request', async () => {
    const messages = new Set<unknown>()
    for (let limit = 1; limit <= 12; limit++) {
      const query = { symbol: 'ETHUSDT', limit }
      const first = await call(quirky.url, '/contract/public/market-trade', query)
      const again = await call(quirky.url, '/contract/public/market-trade', query)
      expect(again.body.message).toBe(first.body.message)
      messages.add(first.body.message)
      expect((await call(clean.url, '/contract/public/market-trade', query)).body.message).toBe(
        'Ok',
      )
    }
    expect(messages).toEqual(new Set(['Ok', 'OK']))
  })

  it('adds fields the spec does not list to details rows: funding_time (next settlement, ms) and tradfi_info', async () => {
    const row = await detailsRow(quirky.url, 'BTCUSDT')
    const funding = await fetchData(quirky.url, '/contract/public/funding-rate', {
      symbol: 'BTCUSDT',
    })
    expect(row.funding_time).toBe(funding.funding_time)
    expect(row).toHaveProperty('tradfi_info', null)
    const cleanRow = await detailsRow(clean.url, 'BTCUSDT')
    expect(cleanRow).not.toHaveProperty('funding_time')
    expect(cleanRow).not.toHaveProperty('tradfi_info')
  })

  it('sends details rows with their keys in varied orders', async () => {
    const orders = async (base: string) => {
      const reply = await call(base, '/contract/public/details')
      const rows = (reply.body.data as { symbols: Record<string, unknown>[] }).symbols
      return new Set(rows.map((row) => Object.keys(row)[0]))
    }
    expect((await orders(wide.url)).size).toBeGreaterThan(1)
    expect(await orders(clean.url)).toEqual(new Set(['symbol']))
  })

  it('varies the key order of the envelope and of every payload, the same for the same request', async () => {
    const orderOf = (value: unknown): string[] => {
      const out: string[] = []
      const walk = (item: unknown): void => {
        if (Array.isArray(item)) {
          for (const inner of item) walk(inner)
          return
        }
        if (item === null || typeof item !== 'object') return
        out.push(Object.keys(item).join(','))
        for (const inner of Object.values(item)) walk(inner)
      }
      walk(value)
      return out
    }
    const envelopes = new Set<string>()
    const payloadsMoved: string[] = []
    for (const path of endpointPaths) {
      const [a, b, plain] = await Promise.all([
        call(quirky.url, path, sampleQueries[path]),
        call(quirky.url, path, sampleQueries[path]),
        call(clean.url, path, sampleQueries[path]),
      ])
      envelopes.add(Object.keys(a.body).join(','))
      expect(Object.keys(plain.body)).toEqual(['code', 'message', 'trace', 'data'])
      // Deterministic: the same request, the same order everywhere (the trace alone differs).
      expect(orderOf(b.body)).toEqual(orderOf(a.body))
      expect(a.body.trace).not.toBe(b.body.trace)
      // The same keys (details rows carry extra live fields with quirks), in another order.
      const sorted = (keys: string[]) => keys.map((k) => k.split(',').sort().join(',')).join('|')
      const same = sorted(orderOf(a.body.data)) === sorted(orderOf(plain.body.data))
      if (same && orderOf(a.body.data).join('|') !== orderOf(plain.body.data).join('|')) {
        payloadsMoved.push(path)
      }
    }
    expect(envelopes.size).toBeGreaterThan(1)
    // Every endpoint shows a moved order, but details and funding-rate-v2, whose quirky rows
    // have more keys (their order is checked with details rows below).
    const extraKeys = ['/contract/public/details', '/contract/public/funding-rate-v2']
    expect(payloadsMoved).toEqual(endpointPaths.filter((p) => !extraKeys.includes(p)))
  })

  it('writes the rows of a list in one order, as a serializer does, but details rows in dozens', async () => {
    const keyOrder = (row: object) => Object.keys(row).join(',')
    const trades = await fetchData(quirky.url, '/contract/public/market-trade', {
      symbol: 'BTCUSDT',
      limit: 100,
    })
    expect(new Set(trades.map(keyOrder)).size).toBe(1)
    const { symbols } = await fetchData(wide.url, '/contract/public/details', {})
    const counts = new Map<string, number>()
    for (const row of symbols) counts.set(keyOrder(row), (counts.get(keyOrder(row)) ?? 0) + 1)
    const usual = Math.max(...counts.values())
    // Most rows share the request's order; about one in four come in one of a few dozen others.
    expect(usual / symbols.length).toBeGreaterThan(0.5)
    expect(counts.size).toBeGreaterThan(3)
    expect(counts.size).toBeLessThan(40)
  })

  it('gives open_timestamp in seconds on an older row (LUNAUSDT, no market_max_volume), in ms elsewhere', async () => {
    const luna = await detailsRow(quirky.url, 'LUNAUSDT')
    expect(luna).not.toHaveProperty('market_max_volume')
    expect(luna.open_timestamp).toBe(Date.UTC(2021, 5, 1) / 1000)
    expect((await detailsRow(clean.url, 'LUNAUSDT')).open_timestamp).toBe(Date.UTC(2021, 5, 1))
    expect((await detailsRow(quirky.url, 'BTCUSDT')).open_timestamp).toBe(Date.UTC(2020, 2, 18))
  })

  it('writes "no expiry" as 0, null or "" depending on the row', async () => {
    const reply = await call(wide.url, '/contract/public/details')
    const rows = (reply.body.data as { symbols: Record<string, unknown>[] }).symbols
    const perpetuals = rows.filter((row) => row.product_type === 1)
    const nones = new Set(perpetuals.map((row) => row.expire_timestamp))
    expect(nones).toEqual(new Set([0, null, '']))
    for (const row of perpetuals) expect(row.settle_timestamp).toBe(row.expire_timestamp)
  })

  it('gives the thin contracts a one-sided book (asks null) and an empty one (both null), code 1000', async () => {
    const thin = await fetchDepth(quirky.url, 'ACEUSDT')
    expect(thin.asks).toBeNull()
    expect(thin.bids?.length).toBeGreaterThan(0)
    expect(thin.bids?.length).toBeLessThanOrEqual(3)
    const empty = await call(quirky.url, '/contract/public/depth', { symbol: 'NTRNUSDT' })
    expect(empty.body.code).toBe(1000)
    expect(empty.body.data).toMatchObject({ symbol: 'NTRNUSDT', bids: null, asks: null })
  })

  it('formats details numbers as live: open interest whole, values <= 8 decimals, index price 8', async () => {
    for (const symbol of ['BTCUSDT', 'ETHUSDT', '1000PEPEUSDT', 'XRPUSDT']) {
      const row = await detailsRow(quirky.url, symbol)
      expect(row.open_interest).toMatch(/^\d+$/)
      expect(row.open_interest_value).toMatch(/^\d+(\.\d{1,8})?$/)
      expect(row.turnover_24h).toMatch(/^\d+(\.\d{1,8})?$/)
      expect(row.index_price).toMatch(/^\d+\.\d{8}$/)
      expect(row.change_24h).toMatch(/^-?\d+(\.\d{1,16})?$/)
      expect(exact(String(row.open_interest_value))).toBe(
        product(String(row.open_interest), String(row.contract_size), String(row.last_price)),
      )
      // The open-interest endpoint keeps its 18 decimals; details show their whole part.
      const oi = await fetchData(quirky.url, '/contract/public/open-interest', { symbol })
      expect(oi.open_interest).toMatch(/^\d+\.\d{18}$/)
      expect(oi.open_interest.split('.')[0]).toBe(row.open_interest)
    }
  })

  it('sends funding rates with up to 12 decimals, the same on funding-rate, its history and details', async () => {
    const rate = await fetchData(quirky.url, '/contract/public/funding-rate', {
      symbol: 'ETHUSDT',
    })
    expect(rate.rate_value).toMatch(/^-?0\.\d{7,12}$/)
    expect(rate.expected_rate).toMatch(/^-?0\.\d{7,12}$/)
    const { list } = await fetchData(quirky.url, '/contract/public/funding-rate-history', {
      symbol: 'ETHUSDT',
      limit: 1,
    })
    expect(list[0]?.funding_rate).toBe(rate.rate_value)
    const row = await detailsRow(quirky.url, 'ETHUSDT')
    expect(row.funding_rate).toBe(rate.rate_value)
    const cleanRate = await fetchData(clean.url, '/contract/public/funding-rate', {
      symbol: 'ETHUSDT',
    })
    expect(cleanRate.rate_value).toMatch(/^-?0\.\d{1,6}$/)
  })

  it('answers the same quirky payloads in another sandbox with the same seed', async () => {
    const other = await startSandbox({ rateLimit: false, now: () => NOW })
    try {
      for (const path of ['/contract/public/details', '/contract/public/funding-rate-v2']) {
        const a = await call(quirky.url, path)
        const b = await call(other.url, path)
        expect(b.body.message).toBe(a.body.message)
        expect(b.body.data).toEqual(a.body.data)
      }
    } finally {
      await other.close()
    }
  })
})
