import { describe, expect, it, vi } from 'vitest'
import { timeToNextFunding } from './time-to-next-funding.ts'

describe('timeToNextFunding', () => {
  it('returns the milliseconds until the funding time', () => {
    expect(
      timeToNextFunding({ fundingTime: Date.UTC(2026, 0, 1, 8), now: Date.UTC(2026, 0, 1, 6, 30) }),
    ).toBe(5_400_000)
  })

  it('accepts Dates', () => {
    expect(
      timeToNextFunding({
        fundingTime: new Date(Date.UTC(2026, 0, 1, 8)),
        now: new Date(Date.UTC(2026, 0, 1, 7, 59, 59)),
      }),
    ).toBe(1000)
  })

  it('returns 0 once the funding time has passed', () => {
    expect(timeToNextFunding({ fundingTime: 1000, now: 5000 })).toBe(0)
    expect(timeToNextFunding({ fundingTime: 1000, now: 1000 })).toBe(0)
  })

  it('measures from Date.now() by default', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 7, 59), toFake: ['Date'] })
    try {
      expect(timeToNextFunding({ fundingTime: Date.UTC(2026, 0, 1, 8) })).toBe(60_000)
    } finally {
      vi.useRealTimers()
    }
  })

  it('rejects an invalid Date and a non-number', () => {
    expect(() => timeToNextFunding({ fundingTime: new Date('nope'), now: 0 })).toThrow(
      /^fundingTime must be epoch milliseconds/,
    )
    expect(() =>
      // @ts-expect-error: times are numbers or Dates
      timeToNextFunding({ fundingTime: '1700000000000', now: 0 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: fundingTime must be epoch milliseconds (a finite number) or a valid Date, got "1700000000000"]`,
    )
  })
})
