import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimals, steps } from '../test/arbitraries.ts'
import { decimalsOf } from './decimals-of.ts'
import { divideDecimals } from './divide-decimals.ts'
import { formatToTick } from './format-to-tick.ts'
import { roundToStep } from './round-to-step.ts'

describe('rounding properties', () => {
  it('floor and ceil are the multiples of the step on either side of the value', () => {
    fc.assert(
      fc.property(decimals(), steps(), (value, step) => {
        const floor = new Big(roundToStep({ value, step, mode: 'floor' }))
        const ceil = new Big(roundToStep({ value, step, mode: 'ceil' }))
        expect(floor.mod(step).eq(0) && ceil.mod(step).eq(0)).toBe(true)
        expect(floor.lte(value) && ceil.gte(value)).toBe(true)
        expect(ceil.minus(floor).eq(floor.eq(value) ? 0 : step)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('half-up is within half a step, a tie going away from zero', () => {
    fc.assert(
      fc.property(decimals(), steps(), (value, step) => {
        const rounded = new Big(roundToStep({ value, step }))
        const distance = rounded.minus(value).abs().times(2)
        expect(distance.lte(step)).toBe(true)
        if (distance.eq(step)) expect(rounded.abs().gt(new Big(value).abs())).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('formatToTick writes the rounded value with exactly the tick’s decimals', () => {
    fc.assert(
      fc.property(decimals(), steps(), (value, tick) => {
        const text = formatToTick({ value, tick })
        const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0
        expect(places).toBe(decimalsOf({ value: tick }))
        expect(new Big(text).eq(roundToStep({ value, step: tick }))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('a floored and a ceiled quotient bound the exact quotient one unit apart', () => {
    const divisors = decimals().filter((d) => !new Big(d).eq(0))
    const places = fc.integer({ min: 0, max: 20 })
    fc.assert(
      fc.property(decimals(), divisors, places, (a, b, n) => {
        const floor = new Big(divideDecimals({ a, b, decimals: n, mode: 'floor' }))
        const ceil = new Big(divideDecimals({ a, b, decimals: n, mode: 'ceil' }))
        const positive = new Big(b).gt(0)
        // floor <= a / b <= ceil, compared without dividing: multiply through by b
        expect(positive ? floor.times(b).lte(a) : floor.times(b).gte(a)).toBe(true)
        expect(positive ? ceil.times(b).gte(a) : ceil.times(b).lte(a)).toBe(true)
        const unit = new Big(10).pow(-n)
        expect(ceil.minus(floor).eq(floor.times(b).eq(a) ? 0 : unit)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})
