import { countCandles } from '@perpkit/schemas'
import { describe, expect, inject, it } from 'vitest'
import {
  AbortError,
  createClient,
  InvalidParamsError,
  type KlineRangeProgress,
} from '../src/index.ts'

const now = inject('sandboxNow')
const client = createClient({ baseUrl: inject('sandboxUrl'), rateLimit: false, now: () => now })
const MINUTE = 60_000
const DAY = 1440 * MINUTE

describe('iterKlines / getKlineRange across many windows', () => {
  it('yields every candle of the range once, ascending, with no gap, and reports progress', async () => {
    const startTime = now - 3 * DAY - 7 * MINUTE + 13_000 // deliberately off the grid
    const endTime = now - 11 * MINUTE
    const progress: KlineRangeProgress[] = []
    const candles = await client.getKlineRange({
      symbol: 'BTCUSDT',
      step: '1m',
      startTime,
      endTime,
      concurrency: 3,
      onProgress: (p) => progress.push(p),
    })
    expect(candles).toHaveLength(countCandles(startTime, endTime, 1))
    expect(candles[0]!.timestamp).toBe(Math.ceil(startTime / MINUTE) * MINUTE)
    for (let i = 1; i < candles.length; i++) {
      expect(candles[i]!.timestamp - candles[i - 1]!.timestamp).toBe(MINUTE)
    }
    expect(progress).toHaveLength(9)
    expect(progress.at(-1)).toEqual({
      windowsDone: 9,
      windowsTotal: 9,
      candles: candles.length,
      lastTime: candles.at(-1)!.timestamp,
    })
  })

  it('is the same as one getKlines call where one window suffices', async () => {
    const params = {
      symbol: 'ETHUSDT',
      step: '1h',
      startTime: now - 2 * DAY,
      endTime: now,
    } as const
    expect(await client.getKlineRange(params)).toEqual(await client.getKlines(params))
  })

  it('clamps endTime to now: no future candles', async () => {
    const candles = await client.getMarkPriceKlineRange({
      symbol: 'BTCUSDT',
      step: '1h',
      startTime: now - DAY,
      endTime: now + 30 * DAY,
    })
    expect(candles.at(-1)!.timestamp).toBeLessThanOrEqual(now)
    expect(candles).toHaveLength(countCandles(now - DAY, now, 60))
  })

  it('stops with an AbortError when aborted mid-way, and reports nothing after', async () => {
    const controller = new AbortController()
    const seen: number[] = []
    const run = async () => {
      for await (const _ of client.iterKlines({
        symbol: 'BTCUSDT',
        step: '1m',
        startTime: now - 10 * DAY,
        signal: controller.signal,
        concurrency: 2,
        onProgress: (p) => {
          seen.push(p.windowsDone)
          if (p.windowsDone === 2) controller.abort()
        },
      })) {
        // consume
      }
    }
    await expect(run()).rejects.toBeInstanceOf(AbortError)
    expect(seen).toEqual([1, 2])
  })

  it('aborts the windows still in flight when the consumer breaks early', async () => {
    const startTime = now - 5 * DAY
    // Every window after the first stalls mid-body on the sandbox: in flight until aborted.
    const stalled: Request[] = []
    const stallLaterWindows: typeof fetch = (input, init) => {
      const request = new Request(input, init)
      const windowStart = Number(new URL(request.url).searchParams.get('start_time')) * 1000
      if (windowStart > startTime) {
        request.headers.set('x-sandbox-fault', 'stall')
        stalled.push(request)
      }
      return fetch(request)
    }
    const stallingClient = createClient({
      baseUrl: inject('sandboxUrl'),
      rateLimit: false,
      now: () => now,
      fetch: stallLaterWindows,
    })

    let taken = 0
    for await (const _ of stallingClient.iterKlines({
      symbol: 'SOLUSDT',
      step: '1m',
      startTime,
      concurrency: 3,
    })) {
      if (++taken === 10) break
    }

    expect(taken).toBe(10)
    // Windows 2 and 3 went out with the first; window 4 when the first arrived.
    expect(stalled).toHaveLength(3)
    expect(stalled.map((request) => request.signal.aborted)).toEqual([true, true, true])
  })

  it('refuses bad ranges before any request', async () => {
    await expect(
      client.getKlineRange({
        symbol: 'BTCUSDT',
        step: '2m' as '1m',
        startTime: now,
        endTime: now - DAY,
      }),
    ).rejects.toBeInstanceOf(InvalidParamsError)
    await expect(
      client.getKlineRange({ symbol: 'BTCUSDT', step: '1m', startTime: now, endTime: now - DAY }),
    ).rejects.toThrow('startTime: not after endTime')
  })

  it('refuses times in epoch seconds with the same message as getKlines', async () => {
    const seconds = { symbol: 'BTCUSDT', step: '1m', startTime: (now - DAY) / 1000 } as const
    const message = 'pass epoch milliseconds or a Date, not seconds'
    await expect(client.getKlines({ ...seconds, endTime: now / 1000 })).rejects.toThrow(message)
    await expect(client.getKlineRange(seconds)).rejects.toThrow(
      `startTime: looks like epoch seconds: ${message}`,
    )
    const fromMs = { ...seconds, startTime: now - DAY, endTime: now / 1000 }
    await expect(client.getKlineRange(fromMs)).rejects.toThrow(
      `endTime: looks like epoch seconds: ${message}`,
    )
    await expect(client.iterKlines(seconds).next()).rejects.toBeInstanceOf(InvalidParamsError)
  })
})
