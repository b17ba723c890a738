import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isEpochNumberOrString } from './checks.ts'
import {
  candleTime,
  epochNumberOrStringToMs,
  epochToMs,
  parseEpochNumberOrString,
} from './conversions.ts'

describe('parseEpochNumberOrString', () => {
  it('accepts and converts exactly as the check then the conversion do (2,000 runs)', () => {
    const digits = fc.stringMatching(/^\d{0,20}$/)
    const value = fc.oneof(
      digits,
      fc.string({ maxLength: 6 }),
      fc.constantFrom('1e3', '-1', ' 1', '0x1', '١٢', '12345678901234567890'),
      fc.integer({ min: -5, max: 2_000_000_000_000 }),
      fc.double(),
      fc.constantFrom(null, undefined, true, 2 ** 53, [], {}),
    )
    fc.assert(
      fc.property(value, (v) => {
        const expected = isEpochNumberOrString(v) ? epochNumberOrStringToMs(v) : undefined
        expect(parseEpochNumberOrString(v)).toBe(expected)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('candleTime', () => {
  it('is the epoch in ms floored to its minute, from seconds or ms (2,000 runs)', () => {
    const epoch = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.integer({ min: 2 ** 31, max: 99_999_999_999 }),
      fc.integer({ min: 100_000_000_000, max: Number.MAX_SAFE_INTEGER }),
      fc.constantFrom(0, 59, 60, 61, 99_999_999_999, 100_000_000_000, Number.MAX_SAFE_INTEGER),
    )
    fc.assert(
      fc.property(epoch, (t) => {
        // Exact in BigInt: ms, less its remainder by a minute.
        const ms = BigInt(epochToMs(t))
        expect(candleTime(t)).toBe(Number(ms - (ms % 60_000n)))
      }),
      { numRuns: 2000 },
    )
  })
})
