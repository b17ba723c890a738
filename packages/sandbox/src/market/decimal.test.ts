import { describe, expect, it } from 'vitest'
import { divide, formatScaled, multiplyDecimals, parseDecimal, trimZeros } from './decimal.ts'

describe('exact decimals', () => {
  it('multiplies without float error', () => {
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02')
    expect(multiplyDecimals('95000.1', '0.003')).toBe('285.0003')
    expect(multiplyDecimals('12.000000000000000001', '0.001', '95000.0')).toBe(
      '1140.000000000000000095',
    )
  })

  it('writes scaled integers with a fixed number of decimals, negatives included', () => {
    expect(formatScaled(5n, 3)).toBe('0.005')
    expect(formatScaled(-375n, 4)).toBe('-0.0375')
    expect(formatScaled(12n, 0)).toBe('12')
  })

  it('trims trailing zeros only after a decimal point', () => {
    expect(trimZeros('1.500')).toBe('1.5')
    expect(trimZeros('2.000')).toBe('2')
    expect(trimZeros('100')).toBe('100')
  })

  it('divides with truncation at the requested scale', () => {
    expect(formatScaled(divide(parseDecimal('1'), parseDecimal('3'), 6).units, 6)).toBe('0.333333')
    expect(formatScaled(divide(parseDecimal('-0.5'), parseDecimal('100.0'), 6).units, 6)).toBe(
      '-0.005000',
    )
  })

  it('refuses text that is not a plain decimal', () => {
    expect(() => parseDecimal('1e-8')).toThrow(TypeError)
  })
})
