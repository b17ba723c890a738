import { describe, expect, it } from 'vitest'
import { timeToNextFunding } from './time-to-next-funding.ts'

describe('timeToNextFunding', () => {
  it('returns the milliseconds until the funding time', () => {
    expect(timeToNextFunding(Date.UTC(2026, 0, 1, 8), Date.UTC(2026, 0, 1, 6, 30))).toBe(5_400_000)
  })

  it('accepts Dates', () => {
    expect(
      timeToNextFunding(
        new Date(Date.UTC(2026, 0, 1, 8)),
        new Date(Date.UTC(2026, 0, 1, 7, 59, 59)),
      ),
    ).toBe(1000)
  })

  it('returns 0 once the funding time has passed', () => {
    expect(timeToNextFunding(1000, 5000)).toBe(0)
    expect(timeToNextFunding(1000, 1000)).toBe(0)
  })

  it('measures from Date.now() by default', () => {
    const left = timeToNextFunding(Date.now() + 60_000)
    expect(left).toBeGreaterThan(59_000)
    expect(left).toBeLessThanOrEqual(60_000)
  })

  it('rejects an invalid Date and a non-number', () => {
    expect(() => timeToNextFunding(new Date('nope'), 0)).toThrow(
      /^fundingTime must be epoch milliseconds/,
    )
    // @ts-expect-error: times are numbers or Dates
    expect(() => timeToNextFunding('1700000000000', 0)).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: fundingTime must be epoch milliseconds (a finite number) or a valid Date, got "1700000000000"]`,
    )
  })
})
