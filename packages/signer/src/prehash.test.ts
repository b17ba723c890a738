import { describe, expect, it } from 'vitest'
import { SignerError } from './errors.ts'
import { buildPrehash, formatTimestamp } from './prehash.ts'

describe('buildPrehash', () => {
  it('joins timestamp, memo and body with # in that order', () => {
    expect(buildPrehash({ timestamp: 1700000000000, memo: 'memo', body: 'symbol=BTCUSDT' })).toBe(
      '1700000000000#memo#symbol=BTCUSDT',
    )
  })

  it('keeps an empty body as a trailing # (GET without a query, or the empty GET rule)', () => {
    expect(buildPrehash({ timestamp: 1, memo: 'm', body: '' })).toBe('1#m#')
  })

  it('uses a string timestamp verbatim, leading zeros included', () => {
    expect(buildPrehash({ timestamp: '0001700000000000', memo: 'm', body: '' })).toBe(
      '0001700000000000#m#',
    )
  })

  it('keeps the exact JSON text of a body, whitespace and key order included', () => {
    const body = '{ "symbol":"BTCUSDT",  "side":1 }'
    expect(buildPrehash({ timestamp: 5, memo: 'm', body })).toBe(`5#m#${body}`)
  })

  it('does not escape # or unicode inside the memo or body', () => {
    expect(buildPrehash({ timestamp: 5, memo: 'a#b', body: 'x=ü#' })).toBe('5#a#b#x=ü#')
  })

  it('rejects an empty memo naming the field', () => {
    expect(() => buildPrehash({ timestamp: 5, memo: '', body: '' })).toThrowError(
      /^memo is empty\./,
    )
  })

  it('rejects a body that is not a string', () => {
    // @ts-expect-error a parsed object is a common mistake: the exact JSON text is signed
    expect(() => buildPrehash({ timestamp: 5, memo: 'm', body: { a: 1 } })).toThrowError(
      SignerError,
    )
  })
})

describe('formatTimestamp', () => {
  it.each([
    [0, '0'],
    [1700000000000, '1700000000000'],
    ['1700000000000', '1700000000000'],
  ])('formats %j as %j', (input, output) => {
    expect(formatTimestamp(input)).toBe(output)
  })

  it.each([
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an unsafe integer', 2 ** 60],
    ['a string with a sign', '-5'],
    ['a string with spaces', ' 5'],
    ['an empty string', ''],
    ['a Date', new Date(0)],
  ])('rejects %s with an invalid-argument SignerError', (_, input) => {
    expect(() => formatTimestamp(input)).toThrowError(
      expect.objectContaining({ name: 'SignerError', code: 'invalid-argument' }),
    )
  })
})
