import { describe, expect, it } from 'vitest'
import { compareBytesConstantTime } from './constant-time.ts'

describe('compareBytesConstantTime', () => {
  it('is true for equal contents in distinct arrays', () => {
    expect(compareBytesConstantTime(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 3))).toBe(true)
  })

  it('is false when any single byte differs, first, middle or last', () => {
    for (const index of [0, 1, 2]) {
      const other = Uint8Array.of(1, 2, 3)
      other[index]! ^= 0x80
      expect(compareBytesConstantTime(Uint8Array.of(1, 2, 3), other)).toBe(false)
    }
  })

  it('is false for different lengths, even when one is a prefix of the other', () => {
    expect(compareBytesConstantTime(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 3))).toBe(false)
  })
})
