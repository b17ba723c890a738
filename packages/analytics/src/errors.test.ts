import { describe, expect, it } from 'vitest'
import { AnalyticsInputError } from './errors.ts'
import { initialMargin } from './initial-margin.ts'

describe('AnalyticsInputError', () => {
  it('is a RangeError that names the parameter and keeps the received value', () => {
    const error = new AnalyticsInputError('qty', 'must be a positive decimal', '-1')
    expect(error).toBeInstanceOf(RangeError)
    expect(error.name).toBe('AnalyticsInputError')
    expect(error.parameter).toBe('qty')
    expect(error.received).toBe('-1')
    expect(error.message).toBe('qty must be a positive decimal, got "-1"')
  })

  it('describes received values: strings quoted, numbers bare, others by kind', () => {
    const got = (value: unknown) => new AnalyticsInputError('x', 'must be y', value).message
    expect(got(Number.NaN)).toBe('x must be y, got NaN')
    expect(got(undefined)).toBe('x must be y, got undefined')
    expect(got(null)).toBe('x must be y, got null')
    expect(got([1, 2])).toBe('x must be y, got an array of length 2')
    expect(got({})).toBe('x must be y, got a value of type object')
    expect(got(10n)).toBe('x must be y, got 10')
  })

  it('is what the functions throw', () => {
    let caught: unknown
    try {
      initialMargin({ notional: '1000', leverage: 'ten' })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(AnalyticsInputError)
    expect(caught).toMatchObject({ parameter: 'leverage', received: 'ten' })
  })
})
