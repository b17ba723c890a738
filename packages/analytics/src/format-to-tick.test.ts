import { describe, expect, it } from 'vitest'
import { formatToTick } from './format-to-tick.ts'

describe('formatToTick', () => {
  it('writes exactly the decimals of the tick, trailing zeros included', () => {
    expect(formatToTick({ value: '65000.1', tick: '0.1' })).toBe('65000.1')
    expect(formatToTick({ value: '65000', tick: '0.1' })).toBe('65000.0')
    expect(formatToTick({ value: '2596.9', tick: '0.01' })).toBe('2596.90')
    expect(formatToTick({ value: '0.0105', tick: '0.0000001' })).toBe('0.0105000')
    expect(formatToTick({ value: '137', tick: '25' })).toBe('125')
  })

  it('reads the decimals of a tick written with trailing zeros or an exponent', () => {
    expect(formatToTick({ value: '1.234', tick: '0.10' })).toBe('1.2')
    expect(formatToTick({ value: '0.12345', tick: '1e-3' })).toBe('0.123')
    expect(formatToTick({ value: '1559386925.929052634616479412', tick: '1e-2' })).toBe(
      '1559386925.93',
    )
  })

  it('rounds to the tick first, by the mode given', () => {
    expect(formatToTick({ value: '65000.06', tick: '0.1' })).toBe('65000.1')
    expect(formatToTick({ value: '65000.06', tick: '0.1', mode: 'floor' })).toBe('65000.0')
    expect(formatToTick({ value: '100.26', tick: '0.5' })).toBe('100.5')
  })

  it('never writes a negative zero or an exponent', () => {
    expect(formatToTick({ value: '-0.000001', tick: '0.01' })).toBe('0.00')
    expect(formatToTick({ value: '1e-9', tick: '1e-9' })).toBe('0.000000001')
    expect(formatToTick({ value: '1e21', tick: '1' })).toBe('1000000000000000000000')
  })

  it('rejects a tick that is not positive, naming it', () => {
    expect(() => formatToTick({ value: '1', tick: '0' })).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: tick must be a positive decimal, got "0"]`,
    )
  })
})
