import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimals } from '../../test/arbitraries.ts'
import type { RoundingMode } from '../types.ts'
import {
  D,
  floorDiv,
  roundedQuotient,
  roundToMultiple,
  toDecimal,
  toDecimalString,
} from './decimal.ts'

describe('the package decimal helpers', () => {
  it('do not change the global big.js configuration', () => {
    expect([Big.DP, Big.RM, Big.NE, Big.PE]).toEqual([20, 1, -7, 21])
    expect([D.DP, D.RM]).toEqual([18, 1])
  })

  it('print plain notation for very small and very large values, and no negative zero', () => {
    expect(toDecimalString(D('1e-30'))).toBe('0.000000000000000000000000000001')
    expect(toDecimalString(D('1e30'))).toBe('1000000000000000000000000000000')
    expect(toDecimalString(D('-0'))).toBe('0')
    expect(toDecimalString(D(0).times(-1))).toBe('0')
  })

  it('read numbers through their shortest string form', () => {
    expect(toDecimal(0.1, 'x').plus(0.2).toFixed()).toBe('0.3')
  })

  it('accept -0 as non-negative but not as positive', () => {
    expect(toDecimalString(toDecimal('-0', 'x', 'nonNegative'))).toBe('0')
    expect(() => toDecimal('-0', 'x', 'positive')).toThrow('x must be a positive decimal, got "-0"')
  })

  it('reject what is not a finite decimal', () => {
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '0x10',
      'Infinity',
      '1e',
      '--1',
      '1.2.3',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      true,
    ]) {
      expect(() => toDecimal(bad, 'x')).toThrow(/^x must be a finite decimal/)
    }
  })

  it('floor-divide exactly, even where rounding to 18 places would round up', () => {
    // 2.9999999999999999999 (19 nines) rounds to 3 at 18 places but floors to 2
    expect(floorDiv(D('2.9999999999999999999'), D(1)).toFixed()).toBe('2')
    expect(floorDiv(D('300'), D('101')).div(3).toFixed()).toBe('0.666666666666666667')
  })

  it('round to a power of ten without a division, as the division would', () => {
    const modes = fc.constantFrom<RoundingMode>(
      'half-up',
      'half-even',
      'down',
      'up',
      'floor',
      'ceil',
    )
    const powers = fc.integer({ min: -12, max: 6 }).map((k) => D(10).pow(k))
    fc.assert(
      fc.property(decimals(), powers, modes, (value, step, mode) => {
        const v = D(value)
        const viaDivision = roundedQuotient(v, step, mode).times(step)
        expect(roundToMultiple(v, step, mode).eq(viaDivision)).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })
})
