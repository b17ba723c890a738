import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isEpochNumberOrString } from './checks.ts'
import { epochNumberOrStringToMs, parseEpochNumberOrString } from './conversions.ts'

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
