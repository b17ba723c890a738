import { describe, expect, it } from 'vitest'
import type { Candle } from './candle.ts'
import { expandCandle, FIELDS } from './expand.ts'

function children(values: Float64Array, n: number): Candle[] {
  return Array.from({ length: n }, (_, i) => ({
    open: values[i * FIELDS] as number,
    high: values[i * FIELDS + 1] as number,
    low: values[i * FIELDS + 2] as number,
    close: values[i * FIELDS + 3] as number,
    volume: values[i * FIELDS + 4] as number,
  }))
}

const parents: Candle[] = [
  { open: 1000, high: 1100, low: 950, close: 1050, volume: 123_456 },
  { open: 50, high: 50, low: 50, close: 50, volume: 7 },
  { open: 10, high: 13, low: 2, close: 2, volume: 0 },
  { open: 950_000, high: 962_000, low: 931_500, close: 940_100, volume: 30_000_000 },
]

describe('expandCandle', () => {
  it.each(parents.flatMap((p) => [24, 60].map((n) => [n, p] as const)))(
    'splits into %i children that chain, stay on whole ticks and aggregate back exactly',
    (n, parent) => {
      for (let seed = 0; seed < 25; seed++) {
        const kids = children(expandCandle(parent, n, seed), n)
        expect(kids[0]?.open).toBe(parent.open)
        expect(kids.at(-1)?.close).toBe(parent.close)
        kids.forEach((k, i) => {
          if (i > 0) expect(k.open).toBe(kids[i - 1]?.close)
          expect(k.high).toBeGreaterThanOrEqual(Math.max(k.open, k.close))
          expect(k.low).toBeLessThanOrEqual(Math.min(k.open, k.close))
          for (const v of [k.open, k.high, k.low, k.close, k.volume])
            expect(Number.isInteger(v)).toBe(true)
        })
        expect(Math.max(...kids.map((k) => k.high))).toBe(parent.high)
        expect(Math.min(...kids.map((k) => k.low))).toBe(parent.low)
        expect(kids.reduce((sum, k) => sum + k.volume, 0)).toBe(parent.volume)
      }
    },
  )

  it('is a pure function of its inputs', () => {
    expect(expandCandle(parents[0] as Candle, 60, 42)).toEqual(
      expandCandle(parents[0] as Candle, 60, 42),
    )
    expect(expandCandle(parents[0] as Candle, 60, 42)).not.toEqual(
      expandCandle(parents[0] as Candle, 60, 43),
    )
  })
})
