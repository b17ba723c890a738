import { describe, expect, it } from 'vitest'
import { cumStep } from '../../test/helpers.ts'
import { buildBrackets } from './brackets.ts'
import { contractSpecs } from './contracts.ts'

describe('buildBrackets', () => {
  it.each(contractSpecs.map((spec) => [spec.symbol, spec] as const))(
    '%s: floor_n = cap_(n-1) and cum_n = cum_(n-1) + floor_n * (mmr_n - mmr_(n-1)), exactly',
    (_, spec) => {
      const brackets = buildBrackets(spec.tiers)
      expect(brackets[0]).toMatchObject({ bracket: 1, notional_floor: '0', cum: '0' })
      for (let n = 1; n < brackets.length; n++) {
        const previous = brackets[n - 1]
        const current = brackets[n]
        if (previous === undefined || current === undefined) throw new Error('missing bracket')
        expect(current.notional_floor).toBe(previous.notional_cap)
        expect(current.cum).toBe(
          cumStep(
            previous.cum,
            current.notional_floor,
            current.maint_margin_ratio,
            previous.maint_margin_ratio,
          ),
        )
      }
    },
  )

  it('computes known values without float error (ETH: 25000 x (0.0065 - 0.005) = 37.5)', () => {
    const eth = contractSpecs.find((spec) => spec.symbol === 'ETHUSDT')
    const brackets = buildBrackets(eth?.tiers ?? [])
    expect(brackets[1]?.cum).toBe('37.5')
    expect(brackets[2]?.cum).toBe('387.5')
  })
})
