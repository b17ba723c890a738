import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, type SandboxOptions, startSandbox } from '../src/index.ts'
import { call, fetchData, fetchDepth, NOW, NOW_SECONDS } from './helpers.ts'

let live: Sandbox

beforeAll(async () => {
  live = await startSandbox({ rateLimit: false, now: () => NOW, contracts: 'live' })
})

afterAll(async () => {
  await live.close()
})

async function symbolsOf(options: SandboxOptions): Promise<string[]> {
  const sandbox = await startSandbox({ rateLimit: false, now: () => NOW, ...options })
  try {
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details')
    return symbols.map((row) => row.symbol)
  } finally {
    await sandbox.close()
  }
}

describe("contracts: 'live'", () => {
  it('lists about 1,200 contracts in about 1 MB from details without a symbol', async () => {
    const res = await fetch(`${live.url}/contract/public/details`, {
      headers: { 'accept-encoding': 'identity' },
    })
    const text = await res.text()
    expect(text.length).toBeGreaterThan(800_000)
    expect(text.length).toBeLessThan(1_300_000)
    const { symbols } = await fetchData(live.url, '/contract/public/details')
    expect(symbols).toHaveLength(1200)
    expect(new Set(symbols.map((row) => row.symbol)).size).toBe(1200)
    const delisted = symbols.filter((row) => row.status === 'Delisted').length
    expect(delisted).toBeGreaterThan(50)
    // Live lists no dated futures.
    expect(symbols.filter((row) => row.product_type === 2)).toEqual([])
  })

  it('writes index prices with at most 8 decimals on every row, as live', async () => {
    const { symbols } = await fetchData(live.url, '/contract/public/details')
    const decimals = symbols.map((row) => row.index_price.split('.')[1]?.length ?? 0)
    expect(Math.max(...decimals)).toBe(8)
  })

  it('maps every contract to its own unified perpetual symbol (BASE/QUOTE:SETTLE, as ccxt does)', async () => {
    for (const options of [{}, { contracts: 'live' as const }]) {
      const sandbox = await startSandbox({ rateLimit: false, now: () => NOW, ...options })
      try {
        const { symbols } = await fetchData(sandbox.url, '/contract/public/details')
        const unified = symbols.map((row) => `${row.base_currency}/${row.quote_currency}:USDT`)
        expect(new Set(unified).size).toBe(symbols.length)
      } finally {
        await sandbox.close()
      }
    }
  })

  it('lists dated futures only with datedFutures: the named one and generated ones', async () => {
    expect(await symbolsOf({})).not.toContain('BTCUSDT_270326')
    expect(await symbolsOf({ datedFutures: true })).toContain('BTCUSDT_270326')
    const many = await symbolsOf({ contracts: 'live', datedFutures: true })
    expect(many).toHaveLength(1200)
    expect(many.filter((symbol) => /_\d{6}$/.test(symbol)).length).toBeGreaterThan(10)
  })

  it('starts with the named contracts and serves every endpoint for a generated one', async () => {
    const { symbols } = await fetchData(live.url, '/contract/public/details')
    expect(symbols.slice(0, 2).map((row) => row.symbol)).toEqual(['BTCUSDT', 'ETHUSDT'])
    const generated = symbols
      .slice(10)
      .find((row) => row.status === 'Trading' && row.product_type === 1)
    const symbol = generated?.symbol ?? ''
    expect(symbol).toMatch(/^[A-Z]+XUSDT$/)
    const book = await fetchDepth(live.url, symbol)
    expect(book.bids?.length).toBe(50)
    const klines = await fetchData(live.url, '/contract/public/kline', {
      symbol,
      step: 60,
      start_time: NOW_SECONDS - 86_400,
      end_time: NOW_SECONDS,
    })
    expect(klines.length).toBeGreaterThan(20)
    const rows = await fetchData(live.url, '/contract/public/funding-rate-v2')
    expect(rows.length).toBeGreaterThan(900)
    expect(rows.length).toBeLessThan(symbols.length)
  })

  it('gives the same symbols for every seed, and a count extends the named catalog', async () => {
    const first = await symbolsOf({ contracts: 40 })
    expect(await symbolsOf({ contracts: 40, seed: 'other' })).toEqual(first)
    const { symbols } = await fetchData(live.url, '/contract/public/details')
    expect(symbols.slice(0, 40).map((row) => row.symbol)).toEqual(first)
    expect(await symbolsOf({ contracts: 3 })).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT'])
  })

  it('keeps the small named catalog by default', async () => {
    expect(await symbolsOf({})).toHaveLength(9)
    const reply = await call(live.url, '/contract/public/details', { symbol: 'BTCUSDT' })
    expect(reply.status).toBe(200)
  })
})
