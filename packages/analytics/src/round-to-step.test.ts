import { describe, expect, it } from 'vitest'
import { roundToStep } from './round-to-step.ts'

describe('roundToStep', () => {
  it('rounds to the nearest multiple of the tick, a tie away from zero by default', () => {
    expect(roundToStep({ value: '91719.84', step: '0.1' })).toBe('91719.8')
    expect(roundToStep({ value: '91719.85', step: '0.1' })).toBe('91719.9')
    expect(roundToStep({ value: '-91719.85', step: '0.1' })).toBe('-91719.9')
    expect(roundToStep({ value: '2.5', step: '1' })).toBe('3')
    expect(roundToStep({ value: '-2.5', step: '1' })).toBe('-3')
  })

  it('rounds to steps that are not powers of ten, and writes no trailing zeros', () => {
    expect(roundToStep({ value: '100.26', step: '0.5' })).toBe('100.5')
    expect(roundToStep({ value: '100.24', step: '0.5' })).toBe('100')
    expect(roundToStep({ value: '137', step: '25' })).toBe('125')
    expect(roundToStep({ value: '138', step: '25' })).toBe('150')
    expect(roundToStep({ value: '1.234', step: '0.10' })).toBe('1.2')
    expect(roundToStep({ value: 0.30000000000000004, step: '1e-8' })).toBe('0.3')
  })

  it('floors and ceils toward minus and plus infinity, and truncates with down', () => {
    expect(roundToStep({ value: '1089.99', step: '1', mode: 'floor' })).toBe('1089')
    expect(roundToStep({ value: '-1.01', step: '1', mode: 'floor' })).toBe('-2')
    expect(roundToStep({ value: '1.01', step: '1', mode: 'ceil' })).toBe('2')
    expect(roundToStep({ value: '-1.99', step: '1', mode: 'ceil' })).toBe('-1')
    expect(roundToStep({ value: '-1.99', step: '1', mode: 'down' })).toBe('-1')
    expect(roundToStep({ value: '-1.01', step: '1', mode: 'up' })).toBe('-2')
    expect(roundToStep({ value: '2.5', step: '1', mode: 'half-even' })).toBe('2')
    expect(roundToStep({ value: '3.5', step: '1', mode: 'half-even' })).toBe('4')
  })

  it('decides on the exact remainder, where a quotient rounded to 18 places would not', () => {
    // 2.9999999999999999999 / 1 rounds to 3 at 18 places, but its floor is 2
    expect(roundToStep({ value: '2.9999999999999999999', step: '1', mode: 'floor' })).toBe('2')
    expect(roundToStep({ value: '3.0000000000000000001', step: '1', mode: 'ceil' })).toBe('4')
  })

  it('never writes a negative zero', () => {
    expect(roundToStep({ value: '-0.04', step: '0.1' })).toBe('0')
    expect(roundToStep({ value: '-0.5', step: '1', mode: 'ceil' })).toBe('0')
  })

  it('rejects a zero or negative step and an unknown mode, naming them', () => {
    expect(() => roundToStep({ value: '1', step: '0' })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: step must be a positive decimal, got "0"]`,
    )
    expect(() => roundToStep({ value: '1', step: '-0.1' })).toThrow(
      /^step must be a positive decimal/,
    )
    expect(() =>
      // @ts-expect-error: not a rounding mode
      roundToStep({ value: '1', step: '1', mode: 'nearest' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: mode must be one of half-up, half-even, down, up, floor, ceil, got "nearest"]`,
    )
    expect(() => roundToStep({ value: 'abc', step: '1' })).toThrow(
      /^value must be a finite decimal/,
    )
  })
})
