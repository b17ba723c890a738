import { describe, expect, it } from 'vitest'
import {
  addDecimal,
  compareDecimal,
  decimalsOf,
  divideDecimal,
  isDecimal,
  multiplyDecimal,
  parseDecimal,
  roundToDecimals,
  roundToStep,
  shiftDecimal,
  signOf,
  subtractDecimal,
} from '../src/decimal.ts'

describe('parseDecimal', () => {
  it('reads plain, signed, leading-dot and exponent notation exactly', () => {
    expect(parseDecimal('65000.1')).toEqual({ units: 650001n, scale: 1 })
    expect(parseDecimal('-0.0375')).toEqual({ units: -375n, scale: 4 })
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 })
    expect(parseDecimal('1e-7')).toEqual({ units: 1n, scale: 7 })
    expect(parseDecimal('1.5E3')).toEqual({ units: 1500n, scale: 0 })
  })

  it('keeps every digit of an 18+ decimal open interest (no float rounding)', () => {
    const oi = '17001638.969219870023882296'
    expect(parseDecimal(oi)).toEqual({ units: 17001638969219870023882296n, scale: 18 })
  })

  it('throws a RangeError for text that is not a decimal', () => {
    for (const bad of ['', '.', 'abc', '1.2.3', '--1', '1e', 'NaN']) {
      expect(() => parseDecimal(bad), bad).toThrow(RangeError)
      expect(isDecimal(bad), bad).toBe(false)
    }
    expect(isDecimal('-0.5')).toBe(true)
  })
})

describe('roundToStep', () => {
  it('rounds to a multiple of the tick and writes the tick’s decimals', () => {
    expect(roundToStep('91719.84', '0.1')).toBe('91719.8')
    expect(roundToStep('91720', '0.1')).toBe('91720.0')
    expect(roundToStep('2596.9', '0.01')).toBe('2596.90')
    expect(roundToStep('0.0105', '0.0000001')).toBe('0.0105000')
  })

  it('rounds ties half away from zero, for positive and negative values', () => {
    expect(roundToStep('91719.85', '0.1')).toBe('91719.9')
    expect(roundToStep('-91719.85', '0.1')).toBe('-91719.9')
    expect(roundToStep('2.5', '1')).toBe('3')
    expect(roundToStep('-2.5', '1')).toBe('-3')
    expect(roundToStep('2.49', '1')).toBe('2')
  })

  it('handles steps that are not powers of ten (0.5, 25) and normalizes 0.10 to 0.1', () => {
    expect(roundToStep('100.26', '0.5')).toBe('100.5')
    expect(roundToStep('100.24', '0.5')).toBe('100.0')
    expect(roundToStep('137', '25')).toBe('125')
    expect(roundToStep('138', '25')).toBe('150')
    expect(roundToStep('1.234', '0.10')).toBe('1.2')
  })

  it('floors and ceils toward minus and plus infinity', () => {
    expect(roundToStep('1089.99', '1', 'floor')).toBe('1089')
    expect(roundToStep('-1.01', '1', 'floor')).toBe('-2')
    expect(roundToStep('1.01', '1', 'ceil')).toBe('2')
    expect(roundToStep('-1.99', '1', 'ceil')).toBe('-1')
  })

  it('never writes a negative zero', () => {
    expect(roundToStep('-0.04', '0.1')).toBe('0.0')
    expect(roundToDecimals('-0.000001', 2)).toBe('0.00')
  })

  it('rejects a zero or negative step', () => {
    expect(() => roundToStep('1', '0')).toThrow(RangeError)
    expect(() => roundToStep('1', '-0.1')).toThrow(RangeError)
  })
})

describe('decimal arithmetic', () => {
  it('counts the decimals of a step', () => {
    expect(decimalsOf('0.1')).toBe(1)
    expect(decimalsOf('0.010')).toBe(2)
    expect(decimalsOf('1')).toBe(0)
    expect(decimalsOf('10')).toBe(0)
  })

  it('rounds to a number of decimals', () => {
    expect(roundToDecimals('0.12345', 3)).toBe('0.123')
    expect(roundToDecimals('0.1235', 3)).toBe('0.124')
    expect(roundToDecimals('1559386925.929052634616479412', 2)).toBe('1559386925.93')
    expect(roundToDecimals('7.5', 0)).toBe('8')
  })

  it('moves the decimal point exactly (fraction to percent and basis points)', () => {
    expect(shiftDecimal('-0.02134', 2)).toBe('-2.134')
    expect(shiftDecimal('0.000187', 4)).toBe('1.87')
    expect(shiftDecimal('12', 2)).toBe('1200')
    expect(shiftDecimal('1234', -2)).toBe('12.34')
  })

  it('multiplies, adds and subtracts exactly where floats would not', () => {
    expect(multiplyDecimal('0.1', '3')).toBe('0.3')
    expect(multiplyDecimal('17001638.969219870023882296', '0.001')).toBe(
      '17001.638969219870023882296',
    )
    expect(addDecimal('0.1', '0.2')).toBe('0.3')
    expect(subtractDecimal('0.1', '0.3')).toBe('-0.2')
  })

  it('divides to a number of decimals, rounding half away from zero', () => {
    expect(divideDecimal('1', '3', 4)).toBe('0.3333')
    expect(divideDecimal('2', '3', 4)).toBe('0.6667')
    expect(divideDecimal('-2', '3', 4)).toBe('-0.6667')
    expect(divideDecimal('1', '-8')).toBe('-0.125')
    expect(divideDecimal('100000', '91.7716')).toBe('1089.661725413962489485')
    expect(() => divideDecimal('1', '0')).toThrow(RangeError)
  })

  it('compares and signs values of different scales', () => {
    expect(compareDecimal('1.10', '1.1')).toBe(0)
    expect(compareDecimal('1.09', '1.1')).toBe(-1)
    expect(compareDecimal('125', '50')).toBe(1)
    expect(signOf('-0.0001')).toBe(-1)
    expect(signOf('0.000')).toBe(0)
    expect(signOf('3')).toBe(1)
  })
})
