import { describe, expect, it } from 'vitest'
import { checkRateLimitBudget, PUBLIC_RATE_LIMIT, RATE_LIMIT_BUDGET_BOUNDS } from './lite.ts'

describe('checkRateLimitBudget: one rule for every budget', () => {
  it('accepts whole numbers within the bounds and returns a plain copy of the two fields', () => {
    const given = { limit: 12, windowMs: 2000, extra: 'ignored' }
    const checked = checkRateLimitBudget(given)
    expect(checked).toEqual({ limit: 12, windowMs: 2000 })
    expect(checked).not.toBe(given)
    expect(checkRateLimitBudget(PUBLIC_RATE_LIMIT)).toEqual(PUBLIC_RATE_LIMIT)
    const { limit, windowMs } = RATE_LIMIT_BUDGET_BOUNDS
    expect(checkRateLimitBudget({ limit: limit.min, windowMs: windowMs.min })).toBeDefined()
    expect(checkRateLimitBudget({ limit: limit.max, windowMs: windowMs.max })).toBeDefined()
  })

  it.each([
    [{ limit: 12, windowMs: 1.5 }, 'depth.windowMs must be an integer from 1 to 86400000, got 1.5'],
    [{ limit: 0, windowMs: 2000 }, 'depth.limit must be an integer from 1 to 1000000, got 0'],
    [{ limit: 2.5, windowMs: 2000 }, 'depth.limit must be an integer from 1 to 1000000, got 2.5'],
    [{ limit: 12, windowMs: 0 }, 'depth.windowMs must be an integer from 1 to 86400000, got 0'],
    [{ limit: 12, windowMs: -5 }, 'depth.windowMs must be an integer from 1 to 86400000, got -5'],
    [
      { limit: 12, windowMs: 86_400_001 },
      'depth.windowMs must be an integer from 1 to 86400000, got 86400001',
    ],
    [
      { limit: 12, windowMs: 2 ** 31 },
      'depth.windowMs must be an integer from 1 to 86400000, got 2147483648',
    ],
    [
      { limit: 1_000_001, windowMs: 2000 },
      'depth.limit must be an integer from 1 to 1000000, got 1000001',
    ],
    [
      { limit: 12, windowMs: Number.NaN },
      'depth.windowMs must be an integer from 1 to 86400000, got NaN',
    ],
    [{ limit: '12', windowMs: 2000 }, 'depth.limit must be an integer from 1 to 1000000, got "12"'],
    [{ windowMs: 2000 }, 'depth.limit must be an integer from 1 to 1000000, got undefined'],
  ])('refuses %j with a RangeError naming the field', (budget, message) => {
    expect(() => checkRateLimitBudget(budget, 'depth')).toThrow(new RangeError(message))
  })

  it.each([
    [null, 'budget must be { limit, windowMs }, got null'],
    [12, 'budget must be { limit, windowMs }, got 12'],
    ['12/2000', 'budget must be { limit, windowMs }, got "12/2000"'],
    [[12, 2000], 'budget must be { limit, windowMs }, got an array'],
  ])('refuses %j, which is no budget at all, with a TypeError', (value, message) => {
    expect(() => checkRateLimitBudget(value)).toThrow(new TypeError(message))
  })
})
