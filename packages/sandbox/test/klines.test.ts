import type { KlineWire } from '@perpkit/schemas'
import { MAX_KLINES_PER_REQUEST } from '@perpkit/schemas/lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { compareDecimals, fetchData, NOW, NOW_SECONDS } from './helpers.ts'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, now: () => NOW, quirks: false })
})

afterAll(async () => {
  await sandbox.close()
})

type KlinePath = '/contract/public/kline' | '/contract/public/markprice-kline'

function klines(
  symbol: string,
  step: number,
  start: number,
  end: number,
  path: KlinePath = '/contract/public/kline',
): Promise<KlineWire[]> {
  return fetchData(sandbox.url, path, { symbol, step, start_time: start, end_time: end })
}

/** Aggregates fine candles: open of the first, close of the last, max high, min low, summed volume. */
function aggregate(candles: KlineWire[]) {
  const max = (a: string, b: string) => (compareDecimals(a, b) >= 0 ? a : b)
  const min = (a: string, b: string) => (compareDecimals(a, b) <= 0 ? a : b)
  return {
    open_price: candles[0]?.open_price,
    close_price: candles.at(-1)?.close_price,
    high_price: candles.map((c) => c.high_price).reduce(max),
    low_price: candles.map((c) => c.low_price).reduce(min),
    volume: String(candles.reduce((sum, c) => sum + Number(c.volume), 0)),
  }
}

const pick = (k: KlineWire | undefined) =>
  k && {
    open_price: k.open_price,
    close_price: k.close_price,
    high_price: k.high_price,
    low_price: k.low_price,
    volume: k.volume,
  }

describe('K-line windows', () => {
  it('returns candles aligned to the step, ascending, stamped in seconds, each opening at the previous close', async () => {
    const start = NOW_SECONDS - 20 * 3600
    const candles = await klines('BTCUSDT', 15, start, NOW_SECONDS)
    expect(candles.length).toBeGreaterThan(70)
    candles.forEach((k, i) => {
      expect(k.timestamp % 900).toBe(0)
      expect(k.timestamp).toBeGreaterThanOrEqual(start)
      expect(String(k.timestamp)).toHaveLength(10)
      if (i > 0) {
        expect(k.timestamp - (candles[i - 1]?.timestamp ?? 0)).toBe(900)
        expect(k.open_price).toBe(candles[i - 1]?.close_price)
      }
      expect(compareDecimals(k.high_price, k.low_price)).toBeGreaterThanOrEqual(0)
      for (const price of [k.open_price, k.close_price]) {
        expect(compareDecimals(price, k.high_price)).toBeLessThanOrEqual(0)
        expect(compareDecimals(price, k.low_price)).toBeGreaterThanOrEqual(0)
      }
    })
  })

  it('includes both ends: candles open at start_time and at end_time', async () => {
    const start = Math.floor(NOW_SECONDS / 3600) * 3600 - 10 * 3600
    const candles = await klines('ETHUSDT', 60, start, start + 3 * 3600)
    expect(candles.map((k) => k.timestamp)).toEqual([
      start,
      start + 3600,
      start + 7200,
      start + 10800,
    ])
  })

  it('clips a window of more than the candle limit to its first candles instead of refusing it', async () => {
    const start = Math.floor(NOW_SECONDS / 60) * 60 - 2 * MAX_KLINES_PER_REQUEST * 60
    const candles = await klines('BTCUSDT', 1, start, NOW_SECONDS)
    expect(candles).toHaveLength(MAX_KLINES_PER_REQUEST)
    expect(candles[0]?.timestamp).toBe(start)
    expect(candles.at(-1)?.timestamp).toBe(start + (MAX_KLINES_PER_REQUEST - 1) * 60)
  })

  it('clips end_time beyond now to now: no future candles, the current one is partial', async () => {
    const candles = await klines('SOLUSDT', 60, NOW_SECONDS - 5 * 3600, NOW_SECONDS + 10 * 3600)
    const last = candles.at(-1)
    expect(last?.timestamp).toBe(Math.floor(NOW_SECONDS / 3600) * 3600)
    const trades = await fetchData(sandbox.url, '/contract/public/market-trade', {
      symbol: 'SOLUSDT',
      limit: 1,
    })
    expect(last?.close_price).toBe(trades[0]?.price)
    const future = await klines('SOLUSDT', 1, NOW_SECONDS + 60, NOW_SECONDS + 3600)
    expect(future).toEqual([])
  })

  it('answers an empty list for a window before the listing', async () => {
    expect(await klines('1000PEPEUSDT', 60, 1_600_000_000, 1_600_100_000)).toEqual([])
  })

  it('serves weekly candles from the listing on, aligned to the week grid since the epoch', async () => {
    const candles = await klines('BTCUSDT', 10080, 0, NOW_SECONDS)
    expect(candles.length).toBeGreaterThan(300)
    expect(candles.every((k) => k.timestamp % (10080 * 60) === 0)).toBe(true)
  })
})

describe('coarse candles aggregate the finer ones inside them', () => {
  const cases: [coarse: number, fine: number, count: number][] = [
    [5, 1, 12],
    [15, 5, 10],
    [60, 15, 10],
    [240, 60, 6],
    [720, 360, 6],
    [1440, 60, 3],
    [4320, 1440, 3],
    [10080, 1440, 3],
  ]

  it.each(cases)(
    'step %i equals the aggregate of step %i candles, current partial candle included',
    async (coarse, fine, count) => {
      const span = coarse * 60
      const lastOpen = Math.floor(NOW_SECONDS / span) * span
      const start = lastOpen - (count - 1) * span
      const coarseCandles = await klines('BTCUSDT', coarse, start, NOW_SECONDS)
      expect(coarseCandles).toHaveLength(count)
      for (const candle of coarseCandles) {
        const inside = await klines('BTCUSDT', fine, candle.timestamp, candle.timestamp + span - 1)
        expect(inside.length).toBeGreaterThan(0)
        expect(pick(candle)).toEqual(aggregate(inside))
      }
    },
  )

  it('holds for mark-price candles too, whose volume is "0"', async () => {
    const start = Math.floor(NOW_SECONDS / 3600) * 3600 - 2 * 3600
    const hours = await klines(
      'DOGEUSDT',
      60,
      start,
      start + 3599,
      '/contract/public/markprice-kline',
    )
    const minutes = await klines(
      'DOGEUSDT',
      1,
      start,
      start + 3599,
      '/contract/public/markprice-kline',
    )
    expect(minutes).toHaveLength(60)
    expect(pick(hours[0])).toEqual(aggregate(minutes))
    expect(hours[0]?.volume).toBe('0')
  })
})

describe('mark price', () => {
  it('tracks the market price within 0.05 %', async () => {
    const start = NOW_SECONDS - 6 * 3600
    const market = await klines('BTCUSDT', 60, start, NOW_SECONDS)
    const mark = await klines('BTCUSDT', 60, start, NOW_SECONDS, '/contract/public/markprice-kline')
    expect(mark.map((k) => k.timestamp)).toEqual(market.map((k) => k.timestamp))
    mark.forEach((k, i) => {
      const m = Number(k.close_price)
      const p = Number(market[i]?.close_price)
      expect(Math.abs(m - p) / p).toBeLessThan(0.0005)
    })
  })
})
