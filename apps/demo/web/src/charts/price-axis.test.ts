import { describe, expect, it } from 'vitest'
import { roundness, roundSteps } from './price-axis.ts'

describe('the depth chart price axis weights', () => {
  it('lists the round steps from the tick up, on the tick grid only', () => {
    // 0.25 is off a 0.1 grid; the last power (10) is the largest not above 30.
    expect(roundSteps('0.1', '30')).toEqual([
      '0.1',
      '0.2',
      '0.5',
      '1',
      '2',
      '2.5',
      '5',
      '10',
      '20',
      '25',
      '50',
    ])
    expect(roundSteps('0.5', '6')).toEqual(['0.5', '1', '2.5', '5', '10', '12.5', '25'])
  })

  it('weighs a price by the largest round step it is a multiple of, exactly', () => {
    const steps = roundSteps('0.1', '100000')
    expect(roundness(95_150, steps)).toBeGreaterThan(roundness(95_155, steps))
    expect(roundness(95_155, steps)).toBeGreaterThan(roundness(95_155.5, steps))
    expect(roundness(95_155.5, steps)).toBeGreaterThan(roundness(95_155.3, steps))
    expect(roundness(95_155.3, steps)).toBe(1)
    expect(roundness(95_155.35, steps)).toBe(0)
  })
})
