import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { steps } from '../test/arbitraries.ts'
import { formatStepCount } from './format-step-count.ts'

describe('formatStepCount', () => {
  it('writes a whole number of ticks with the tick’s decimals', () => {
    expect(formatStepCount({ count: 650001, step: '0.1' })).toBe('65000.1')
    expect(formatStepCount({ count: 650000, step: '0.1' })).toBe('65000.0')
    expect(formatStepCount({ count: 5, step: '0.001' })).toBe('0.005')
    expect(formatStepCount({ count: 3, step: '0.25' })).toBe('0.75')
    expect(formatStepCount({ count: 0, step: '0.01' })).toBe('0.00')
    expect(formatStepCount({ count: 12, step: '1' })).toBe('12')
    expect(formatStepCount({ count: 7, step: '25' })).toBe('175')
  })

  it('writes negative counts with a minus and zero without one', () => {
    expect(formatStepCount({ count: -12, step: '0.5' })).toBe('-6.0')
    expect(formatStepCount({ count: -0, step: '0.5' })).toBe('0.0')
  })

  it('takes the exact path past 2^53, and for exponents and string counts', () => {
    expect(formatStepCount({ count: Number.MAX_SAFE_INTEGER, step: '0.1' })).toBe(
      '900719925474099.1',
    )
    expect(formatStepCount({ count: 9_000_000_000_000_000, step: '100' })).toBe(
      '900000000000000000',
    )
    expect(formatStepCount({ count: '123456789012345678901', step: '0.01' })).toBe(
      '1234567890123456789.01',
    )
    expect(formatStepCount({ count: 3, step: '1e-8' })).toBe('0.00000003')
    expect(formatStepCount({ count: 3, step: '0.10' })).toBe('0.3')
  })

  it('keeps each step apart when calls alternate between steps', () => {
    const steps = ['0.1', '1', '0.01', '0.1', '1', '25', '0.1']
    const written = steps.map((step) => formatStepCount({ count: 12, step }))
    expect(written).toEqual(['1.2', '12', '0.12', '1.2', '12', '300', '1.2'])
  })

  it('matches big.js for any count and step, on the fast path and off it', () => {
    const counts = fc.oneof(
      fc.integer({ min: -2_000_000, max: 2_000_000 }),
      fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    )
    fc.assert(
      fc.property(counts, steps(), (count, step) => {
        const s = new Big(step)
        const decimals = Math.max(0, s.c.length - 1 - s.e)
        const expected = new Big(count).times(s).toFixed(decimals)
        expect(formatStepCount({ count, step })).toBe(
          count === 0 ? expected.replace('-', '') : expected,
        )
      }),
      { numRuns: 2000 },
    )
  })

  it('rejects a fractional count and a step that is not positive, naming them', () => {
    expect(() => formatStepCount({ count: 1.5, step: '0.1' })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: count must be a whole number, got 1.5]`,
    )
    expect(() => formatStepCount({ count: 1, step: '0' })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: step must be a positive decimal, got "0"]`,
    )
    expect(() => formatStepCount({ count: 1, step: '-0.1' })).toThrow(
      /^step must be a positive decimal/,
    )
  })
})
