import { describe, expect, it } from 'vitest'
import { nextFundingTime } from './next-funding-time.ts'

describe('nextFundingTime', () => {
  it('returns the next settlement on the UTC grid (00:00, 08:00, 16:00 for 8 hours)', () => {
    expect(nextFundingTime({ intervalHours: 8, now: Date.UTC(2026, 0, 1, 9, 15) })).toBe(
      Date.UTC(2026, 0, 1, 16),
    )
    expect(nextFundingTime({ intervalHours: 8, now: Date.UTC(2026, 0, 1, 23, 59) })).toBe(
      Date.UTC(2026, 0, 2, 0),
    )
  })

  it('is strictly after now: at a settlement, the next one', () => {
    expect(nextFundingTime({ intervalHours: 8, now: Date.UTC(2026, 0, 1, 16) })).toBe(
      Date.UTC(2026, 0, 2, 0),
    )
  })

  it('supports other intervals and Dates', () => {
    expect(nextFundingTime({ intervalHours: 4, now: new Date(Date.UTC(2026, 0, 1, 5)) })).toBe(
      Date.UTC(2026, 0, 1, 8),
    )
    expect(nextFundingTime({ intervalHours: 1, now: Date.UTC(2026, 0, 1, 5, 0, 0, 1) })).toBe(
      Date.UTC(2026, 0, 1, 6),
    )
  })

  it('rejects an interval that is not a positive number of hours', () => {
    expect(() => nextFundingTime({ intervalHours: 0, now: 0 })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: intervalHours must be a positive number of hours (whole milliseconds), got 0]`,
    )
    expect(() => nextFundingTime({ intervalHours: Number.NaN, now: 0 })).toThrow(
      /^intervalHours must be/,
    )
  })
})
