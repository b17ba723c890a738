import { describe, expect, it } from 'vitest'
import { encodeQuery } from './query.ts'

describe('encodeQuery', () => {
  it('keeps key order, leaves out undefined and encodes reserved characters', () => {
    expect(encodeQuery({ symbol: 'BTC USDT&x', limit: 5, skip: undefined, flag: true })).toBe(
      'symbol=BTC%20USDT%26x&limit=5&flag=true',
    )
  })
})
