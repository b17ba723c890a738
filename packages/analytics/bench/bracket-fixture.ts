import type { LeverageBracket } from '@perpkit/schemas'
import { computeCum } from '../src/index.ts'

const TIERS: [cap: number, leverage: number, mmr: string][] = [
  [50_000, 125, '0.004'],
  [250_000, 100, '0.005'],
  [1_000_000, 50, '0.01'],
  [5_000_000, 20, '0.025'],
  [10_000_000, 10, '0.05'],
  [20_000_000, 8, '0.075'],
  [50_000_000, 5, '0.1'],
  [100_000_000, 4, '0.125'],
  [200_000_000, 3, '0.15'],
  [300_000_000, 2, '0.25'],
  [500_000_000, 1.5, '0.3'],
  [800_000_000, 1, '0.5'],
]

/** A 12-bracket table in the shape of a BTCUSDT table, with a consistent `cum` column. */
export function createBracketTable(): LeverageBracket[] {
  const rows = TIERS.map(([cap, leverage, mmr], i) => ({
    bracket: i + 1,
    initialLeverage: leverage,
    notionalFloor: String(i === 0 ? 0 : TIERS[i - 1]?.[0]),
    notionalCap: String(cap),
    maintMarginRatio: mmr,
    cum: '0',
  }))
  const cums = computeCum({ brackets: rows })
  return rows.map((row, i) => ({ ...row, cum: cums[i] ?? '0' }))
}
