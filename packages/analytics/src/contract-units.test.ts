import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimals, steps } from '../test/arbitraries.ts'
import { baseToContracts } from './base-to-contracts.ts'
import { contractsToBase } from './contracts-to-base.ts'
import { contractsToQuote } from './contracts-to-quote.ts'
import { quoteToContracts } from './quote-to-contracts.ts'

const sizes = fc.constantFrom('0.001', '0.0001', '1', '10', '0.01', '100')

describe('contracts, base and quote', () => {
  it('convert contracts to base and quote exactly', () => {
    expect(contractsToBase({ contracts: '25', contractSize: '0.001' })).toBe('0.025')
    expect(contractsToBase({ contracts: '-3', contractSize: '10' })).toBe('-30')
    expect(contractsToQuote({ contracts: '25', contractSize: '0.001', price: '65000.1' })).toBe(
      '1625.0025',
    )
  })

  it('convert base and quote back to contracts, to 18 places or to a step', () => {
    expect(baseToContracts({ base: '0.0255', contractSize: '0.001' })).toBe('25.5')
    expect(
      baseToContracts({ base: '0.0255', contractSize: '0.001', step: '1', mode: 'floor' }),
    ).toBe('25')
    expect(quoteToContracts({ quote: '1625', contractSize: '0.001', price: '65000' })).toBe('25')
    expect(quoteToContracts({ quote: '1000', contractSize: '0.001', price: '65000' })).toBe(
      '15.384615384615384615',
    )
    expect(
      quoteToContracts({
        quote: '1000',
        contractSize: '0.001',
        price: '65000',
        step: '1',
        mode: 'floor',
      }),
    ).toBe('15')
    expect(
      quoteToContracts({ quote: '1000', contractSize: '0.001', price: '65000', step: '0.5' }),
    ).toBe('15.5')
  })

  it('go from contracts to base and back without loss', () => {
    fc.assert(
      fc.property(decimals(), sizes, (contracts, contractSize) => {
        const base = contractsToBase({ contracts, contractSize })
        expect(baseToContracts({ base, contractSize })).toBe(new Big(contracts).toFixed())
      }),
      { numRuns: 1000 },
    )
  })

  it('floor to the largest whole number of steps the quote amount pays for', () => {
    fc.assert(
      fc.property(decimals(), sizes, steps(), steps(), (quoteText, contractSize, step, price) => {
        const quote = new Big(quoteText).abs().toFixed()
        const contracts = quoteToContracts({ quote, contractSize, price, step, mode: 'floor' })
        const cost = new Big(contractsToQuote({ contracts, contractSize, price }))
        const next = contractsToQuote({
          contracts: new Big(contracts).plus(step).toFixed(),
          contractSize,
          price,
        })
        expect(new Big(contracts).mod(step).eq(0)).toBe(true)
        expect(cost.lte(quote)).toBe(true)
        expect(new Big(next).gt(quote)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('reject a contract size or price that is not positive, naming it', () => {
    expect(() => contractsToBase({ contracts: '1', contractSize: '0' })).toThrow(
      /^contractSize must be a positive decimal/,
    )
    expect(() =>
      quoteToContracts({ quote: '1', contractSize: '1', price: '-1' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AnalyticsInputError: price must be a positive decimal, got "-1"]`,
    )
  })
})
