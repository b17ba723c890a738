import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDecimals } from './add-decimals.ts'
import { compareDecimals } from './compare-decimals.ts'
import { decimalsOf } from './decimals-of.ts'
import { divideDecimals } from './divide-decimals.ts'
import { isDecimal } from './is-decimal.ts'
import { multiplyDecimals } from './multiply-decimals.ts'
import { subtractDecimals } from './subtract-decimals.ts'
import type { RoundingMode } from './types.ts'

describe('addDecimals, subtractDecimals, multiplyDecimals', () => {
  it('add, subtract and multiply exactly where floats would not', () => {
    expect(addDecimals({ values: ['0.1', '0.2'] })).toBe('0.3')
    expect(addDecimals({ values: [0.1, 0.2, '-0.3'] })).toBe('0')
    expect(subtractDecimals({ a: '0.1', b: '0.3' })).toBe('-0.2')
    expect(multiplyDecimals({ values: ['0.1', '3'] })).toBe('0.3')
    expect(multiplyDecimals({ values: ['95000.1', '0.003'] })).toBe('285.0003')
  })

  it('keep every digit of an 18+ decimal open interest', () => {
    expect(multiplyDecimals({ values: ['17001638.969219870023882296', '0.001'] })).toBe(
      '17001.638969219870023882296',
    )
    expect(multiplyDecimals({ values: ['12.000000000000000001', '0.001', '95000.0'] })).toBe(
      '1140.000000000000000095',
    )
  })

  it('sum no terms to 0 and multiply no factors to 1', () => {
    expect(addDecimals({ values: [] })).toBe('0')
    expect(multiplyDecimals({ values: [] })).toBe('1')
    expect(multiplyDecimals({ values: ['-0.5', '0'] })).toBe('0')
    expect(multiplyDecimals({ values: ['-0.5', '-4', '-1'] })).toBe('-2')
  })

  it('name the term that is not a decimal', () => {
    expect(() => addDecimals({ values: ['1', 'x'] })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: values[1] must be a finite decimal (string or number), got "x"]`,
    )
    expect(() => subtractDecimals({ a: '1', b: Number.NaN })).toThrow(/^b must be a finite decimal/)
  })
})

describe('divideDecimals', () => {
  it('carries a quotient to 18 places by default, rounding half away from zero', () => {
    expect(divideDecimals({ a: '1', b: '8' })).toBe('0.125')
    expect(divideDecimals({ a: '100000', b: '91.7716' })).toBe('1089.661725413962489485')
    expect(divideDecimals({ a: '2', b: '3', decimals: 4 })).toBe('0.6667')
    expect(divideDecimals({ a: '-2', b: '3', decimals: 4 })).toBe('-0.6667')
    expect(divideDecimals({ a: '1', b: '-8' })).toBe('-0.125')
  })

  it('rounds by the mode, on the exact remainder', () => {
    expect(divideDecimals({ a: '2', b: '3', decimals: 4, mode: 'down' })).toBe('0.6666')
    expect(divideDecimals({ a: '-2', b: '3', decimals: 4, mode: 'floor' })).toBe('-0.6667')
    expect(divideDecimals({ a: '-2', b: '3', decimals: 4, mode: 'ceil' })).toBe('-0.6666')
    expect(divideDecimals({ a: '-0.5', b: '100', decimals: 6, mode: 'down' })).toBe('-0.005')
    expect(divideDecimals({ a: '100000', b: '91.7716', decimals: 0, mode: 'floor' })).toBe('1089')
  })

  it('rejects a zero divisor and a bad number of decimals, naming them', () => {
    expect(() => divideDecimals({ a: '1', b: '0' })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: b must be a non-zero decimal, got "0"]`,
    )
    expect(() =>
      divideDecimals({ a: '1', b: '3', decimals: 1.5 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: decimals must be an integer from 0 to 1000, got 1.5]`,
    )
  })
})

/** Plain decimals of up to 9 digits, either sign: the integer fast paths take them. */
const small = fc
  .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => new Big(units).div(new Big(10).pow(scale)).toFixed())
const modes = fc.constantFrom<RoundingMode>('half-up', 'half-even', 'down', 'up', 'floor', 'ceil')

/** big.js's own rounded division: the reference the integer fast path must match. */
function bigQuotient(a: string, b: string, decimals: number, mode: RoundingMode): string {
  const negative = new Big(a).times(b).lt(0)
  const magnitude =
    mode === 'floor'
      ? negative
        ? 'up'
        : 'down'
      : mode === 'ceil'
        ? negative
          ? 'down'
          : 'up'
        : mode
  const C = Big()
  C.DP = decimals
  C.RM = { down: 0, 'half-up': 1, 'half-even': 2, up: 3 }[magnitude] as Big.RoundingMode
  const q = new C(a).div(b)
  return q.eq(0) ? '0' : q.toFixed()
}

describe('the integer fast paths', () => {
  it('divide exactly as big.js does, in every mode', () => {
    const divisors = small.filter((b) => !new Big(b).eq(0))
    fc.assert(
      fc.property(small, divisors, fc.integer({ min: 0, max: 20 }), modes, (a, b, n, mode) => {
        expect(divideDecimals({ a, b, decimals: n, mode })).toBe(bigQuotient(a, b, n, mode))
      }),
      { numRuns: 3000 },
    )
  })

  it('round an exact tie by the mode, as big.js does', () => {
    // a / b = (2q + 1) / (2 * 10^n): exactly halfway between two n-place values
    const ties = fc
      .tuple(
        fc.integer({ min: -99_999, max: 99_999 }),
        fc.integer({ min: 1, max: 9_999 }),
        fc.integer({ min: 0, max: 6 }),
      )
      .map(([q, b, n]) => ({
        a: new Big(2 * q + 1)
          .times(b)
          .div(new Big(2).times(new Big(10).pow(n)))
          .toFixed(),
        b: String(b),
        n,
      }))
    fc.assert(
      fc.property(ties, modes, ({ a, b, n }, mode) => {
        expect(divideDecimals({ a, b, decimals: n, mode })).toBe(bigQuotient(a, b, n, mode))
      }),
      { numRuns: 3000 },
    )
    expect(divideDecimals({ a: '1', b: '8', decimals: 2 })).toBe('0.13')
    expect(divideDecimals({ a: '1', b: '8', decimals: 2, mode: 'half-even' })).toBe('0.12')
    expect(divideDecimals({ a: '-7', b: '2', decimals: 0, mode: 'half-even' })).toBe('-4')
    expect(divideDecimals({ a: '-1', b: '8', decimals: 2, mode: 'ceil' })).toBe('-0.12')
  })

  it('multiply exactly as big.js does, signs and zeros included', () => {
    fc.assert(
      fc.property(fc.array(small, { maxLength: 4 }), (values) => {
        const product = values.reduce((p, v) => p.times(v), new Big(1))
        expect(multiplyDecimals({ values })).toBe(product.eq(0) ? '0' : product.toFixed())
      }),
      { numRuns: 3000 },
    )
  })
})

describe('compareDecimals', () => {
  it('compares values of different scales and notations exactly', () => {
    expect(compareDecimals({ a: '1.10', b: '1.1' })).toBe(0)
    expect(compareDecimals({ a: '11e-1', b: 1.1 })).toBe(0)
    expect(compareDecimals({ a: '1.09', b: '1.1' })).toBe(-1)
    expect(compareDecimals({ a: '125', b: '50' })).toBe(1)
    expect(compareDecimals({ a: '0.30000000000000000001', b: '0.3' })).toBe(1)
    expect(compareDecimals({ a: '-0', b: '0' })).toBe(0)
  })
})

describe('isDecimal', () => {
  it('accepts what every function reads, and nothing else', () => {
    for (const good of ['1', '-0.5', '.5', '1e-7', '1.5E3', 0, -2.5]) {
      expect(isDecimal({ value: good }), String(good)).toBe(true)
    }
    for (const bad of ['', '.', 'abc', '1.2.3', '--1', '1e', 'NaN', ' 1', Number.NaN, null, 1n]) {
      expect(isDecimal({ value: bad }), String(bad)).toBe(false)
    }
  })
})

describe('decimalsOf', () => {
  it('counts the decimals of a value written without trailing zeros', () => {
    expect(decimalsOf({ value: '0.1' })).toBe(1)
    expect(decimalsOf({ value: '0.010' })).toBe(2)
    expect(decimalsOf({ value: '1e-8' })).toBe(8)
    expect(decimalsOf({ value: '1' })).toBe(0)
    expect(decimalsOf({ value: '10' })).toBe(0)
    expect(decimalsOf({ value: '0' })).toBe(0)
  })
})
