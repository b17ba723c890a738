import { describe, expect, it } from 'vitest'
import { decodeHex, encodeHex } from './hex.ts'

describe('encodeHex', () => {
  it('encodes every byte value as two lower-case hex digits', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    const expected = Array.from(all, (b) => b.toString(16).padStart(2, '0')).join('')
    expect(encodeHex(all)).toBe(expected)
  })

  it('encodes an empty array as the empty string', () => {
    expect(encodeHex(new Uint8Array())).toBe('')
  })
})

describe('decodeHex', () => {
  it('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect(decodeHex(encodeHex(all), 256)).toEqual(all)
  })

  it.each([
    ['a wrong length', 'abcd', 3],
    ['upper-case digits', 'ABCD', 2],
    ['a non-hex character', 'zz', 1],
    ['a non-ASCII character', 'é0', 1],
  ])('returns undefined for %s', (_, text, length) => {
    expect(decodeHex(text, length)).toBeUndefined()
  })
})
