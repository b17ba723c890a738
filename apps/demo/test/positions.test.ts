import type { LeverageBracket } from '@perpkit/schemas'
import { describe, expect, it } from 'vitest'
import { buildLiquidationTable, positionQty } from '../src/positions.ts'

const contract = { stepSize: '1', contractSize: '0.001', minVolume: '1', maxLeverage: '125' }
const brackets: LeverageBracket[] = [
  {
    bracket: 1,
    initialLeverage: 125,
    notionalFloor: '0',
    notionalCap: '50000',
    maintMarginRatio: '0.004',
    cum: '0',
  },
  {
    bracket: 2,
    initialLeverage: 20,
    notionalFloor: '50000',
    notionalCap: '250000',
    maintMarginRatio: '0.025',
    cum: '1050',
  },
]

describe('positionQty', () => {
  it('converts a quote amount at the entry price to whole steps, rounding down', () => {
    // 100,000 / (91,532.3 * 0.001) = 1,092.51... contracts
    expect(positionQty({ amount: '100000', unit: 'quote' }, '91532.3', contract)).toBe('1092')
  })

  it('takes a size in contracts as it is (down to the step) and never goes below the minimum', () => {
    expect(positionQty({ amount: '250.7', unit: 'contracts' }, '91532.3', contract)).toBe('250')
    expect(positionQty({ amount: '1', unit: 'quote' }, '91532.3', contract)).toBe('1')
  })
})

describe('buildLiquidationTable', () => {
  it('liquidates each allowed leverage in the bracket that holds the liquidation notional', () => {
    const table = buildLiquidationTable(
      { amount: '45', unit: 'contracts' },
      '1000',
      'mark',
      { ...contract, contractSize: '1' },
      brackets,
    )
    expect(table).toMatchObject({ qty: '45', baseQty: '45', notional: '45000', maxLeverage: 125 })
    const long5 = table.rows.find((row) => row.side === 'long' && row.leverage === 5)
    // margin 9,000; (9,000 + 0 - 45,000) / (45 * (0.004 - 1)) = 803.21285140562248996...
    expect(long5).toMatchObject({ allowed: true, margin: '9000' })
    expect(long5?.price?.startsWith('803.2128514056224899')).toBe(true)
    expect(long5?.bracket).toEqual({ bracket: 1, maintMarginRatio: '0.004', initialLeverage: 125 })
    // A short at 5x is liquidated near 1,193.5, where 45 contracts are worth more than 50,000:
    // (9,000 + 1,050 + 45,000) / (45 * (0.025 + 1)) = 1,193.495...
    const short5 = table.rows.find((row) => row.side === 'short' && row.leverage === 5)
    expect(short5?.bracket?.bracket).toBe(2)
    expect(short5?.price?.startsWith('1193.49593495934959')).toBe(true)
    expect(short5?.distance?.startsWith('0.19349593')).toBe(true)
  })

  it('marks leverages above the bracket allowance at this size as not allowed, without a price', () => {
    const table = buildLiquidationTable(
      { amount: '100000', unit: 'quote' },
      '1000',
      'last',
      { ...contract, contractSize: '1' },
      brackets,
    )
    expect(table.maxLeverage).toBe(20)
    expect(table.entryReference).toBe('last')
    const byLeverage = (leverage: number) =>
      table.rows.filter((row) => row.leverage === leverage).map((row) => row.allowed)
    expect(byLeverage(10)).toEqual([true, true])
    expect(byLeverage(25)).toEqual([false, false])
    expect(table.rows.find((row) => row.leverage === 50)).toMatchObject({
      allowed: false,
      price: null,
      distance: null,
      bracket: null,
    })
  })
})
