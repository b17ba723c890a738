import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { candleSpan, countCandles, KLINE_STEPS, klineWindows, stepMs } from './kline-steps.ts'

const T0 = Date.UTC(2026, 0, 1)

describe('candleSpan', () => {
  it('starts at the first open time at or after the start and counts both ends', () => {
    expect(candleSpan(T0 + 30_000, T0 + 3_600_000, 1)).toEqual({ first: T0 + 60_000, count: 60 })
    expect(candleSpan(T0, T0, 60)).toEqual({ first: T0, count: 1 })
    expect(candleSpan(T0 + 1, T0 + 59_999, 1)).toEqual({ first: T0 + 60_000, count: 0 })
  })
})

describe('klineWindows', () => {
  it('cuts a day of minutes into three windows of 500, 500 and 440', () => {
    const windows = klineWindows(T0, T0 + 86_400_000 - 1, 1)
    expect(windows.map((w) => countCandles(w.startTime, w.endTime, 1))).toEqual([500, 500, 440])
  })

  it('refuses a window size that is not a positive integer instead of looping forever', () => {
    for (const perWindow of [0, -1, 1.5, Number.NaN]) {
      expect(() => klineWindows(T0, T0 + 3_600_000, 1, perWindow)).toThrow(
        /^perWindow must be a positive integer/,
      )
    }
  })

  it('covers every candle of any range exactly once, in order, each window aligned and within the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: T0, max: T0 + 400 * 86_400_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.constantFrom(...KLINE_STEPS),
        fc.integer({ min: 1, max: 500 }),
        (start, candles, step, perWindow) => {
          const ms = stepMs(step)
          const end = start + candles * ms
          const windows = klineWindows(start, end, step, perWindow)
          const opens = windows.flatMap((w) => {
            expect(w.startTime % ms).toBe(0)
            const { first, count } = candleSpan(w.startTime, w.endTime, step)
            expect(count).toBeLessThanOrEqual(perWindow)
            return Array.from({ length: count }, (_, i) => first + i * ms)
          })
          const { first, count } = candleSpan(start, end, step)
          expect(opens).toEqual(Array.from({ length: count }, (_, i) => first + i * ms))
        },
      ),
      { numRuns: 300 },
    )
  })
})
