import { describe, expect, it } from 'vitest'
import { median } from './median.ts'

describe('median', () => {
  it('takes the middle sample of an odd count, whatever the order, leaving the input as it was', () => {
    const samples = [9, 1, 5]
    expect(median(samples)).toBe(5)
    expect(samples).toEqual([9, 1, 5])
  })

  it('takes the mean of the two middle samples of an even count, sorting numerically', () => {
    expect(median([10, 2, 1, 3])).toBe(2.5)
  })

  it('is NaN for no samples rather than undefined', () => {
    expect(median([])).toBeNaN()
  })
})
