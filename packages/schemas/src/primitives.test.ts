import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { epochNumberOrString, epochToMs, optionalEpoch } from './epochs.ts'
import {
  DECIMAL_PATTERN,
  decimalLike,
  isDecimalString,
  isUnsignedDecimalString,
  numberToDecimalString,
  UNSIGNED_DECIMAL_PATTERN,
} from './primitives.ts'

describe('isDecimalString', () => {
  it.each(['0', '65000.1', '-0.0375', '00012', '0.000000000000000001'])('accepts %s', (s) => {
    expect(isDecimalString(s)).toBe(true)
  })

  it.each(['', '-', '1.', '.5', '1e-8', ' 1', '1 ', 'NaN', '1,5', '+1', '--1', '0x10'])(
    'rejects %j',
    (s) => {
      expect(isDecimalString(s)).toBe(false)
    },
  )

  it('rejects non-strings, including numbers', () => {
    expect(isDecimalString(1)).toBe(false)
    expect(isDecimalString(null)).toBe(false)
  })

  it('accepts exactly the language of DECIMAL_PATTERN (1,000 random strings)', () => {
    const chars = fc.constantFrom('0', '1', '9', '.', '-', 'e', ' ', 'a')
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 8 }), (s) => {
        expect(isDecimalString(s)).toBe(DECIMAL_PATTERN.test(s))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('isUnsignedDecimalString', () => {
  it('accepts exactly the language of UNSIGNED_DECIMAL_PATTERN, the one the OpenAPI document states (1,000 random strings)', () => {
    const chars = fc.constantFrom('0', '1', '9', '.', '-', 'e', ' ', 'a')
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 8 }), (s) => {
        expect(isUnsignedDecimalString(s)).toBe(UNSIGNED_DECIMAL_PATTERN.test(s))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('numberToDecimalString', () => {
  it.each([
    [0.0375, '0.0375'],
    [-0.0375, '-0.0375'],
    [1e-7, '0.0000001'],
    [1.5e-10, '0.00000000015'],
    [1e21, '1000000000000000000000'],
    [12, '12'],
  ])('writes %d as %s', (n, s) => {
    expect(numberToDecimalString(n)).toBe(s)
  })

  it('always yields a decimal string that reads back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const s = numberToDecimalString(n)
        expect(isDecimalString(s) || s === '-0').toBe(true)
        expect(Number(s)).toBe(n === 0 ? 0 : n)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('decimalLike (spec says Long, live sends strings)', () => {
  it('keeps strings and writes numbers in plain notation', () => {
    expect(decimalLike.parse('-0.0375')).toBe('-0.0375')
    expect(decimalLike.parse(0.0375)).toBe('0.0375')
  })

  it('rejects non-decimal strings', () => {
    expect(decimalLike.safeParse('abc').success).toBe(false)
  })
})

describe('epochs', () => {
  it('treats values below 1e11 as seconds and the rest as milliseconds', () => {
    expect(epochToMs(1767225600)).toBe(1767225600000)
    expect(epochToMs(1767225600000)).toBe(1767225600000)
  })

  it('reads funding_time as a digit string or a number', () => {
    expect(epochNumberOrString.parse('1767225600000')).toBe(1767225600000)
    expect(epochNumberOrString.parse(1767225600000)).toBe(1767225600000)
    expect(epochNumberOrString.safeParse('12:00').success).toBe(false)
  })

  it.each([0, null, '', undefined, '0'])('maps the "none" value %j to null', (v) => {
    expect(optionalEpoch.parse(v)).toBeNull()
  })

  it('keeps a real expiry in ms', () => {
    expect(optionalEpoch.parse(1774569600000)).toBe(1774569600000)
  })
})
