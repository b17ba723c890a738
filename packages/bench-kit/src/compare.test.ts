import { describe, expect, it } from 'vitest'
import { formatTable, ratioRow } from './compare.ts'

describe('ratioRow / formatTable', () => {
  it('reports time ratios to the baseline and flags a missed target', () => {
    const base = ratioRow('baseline', 2, 2)
    const fast = ratioRow('fast', 1, 2, 1.15)
    const slow = ratioRow('slow', 3, 2, 1.15)
    expect(fast.ratio).toBe(0.5)
    expect(slow.opsPerSec).toBeCloseTo(333.33, 1)
    const table = formatTable({ title: 't', rows: [base, fast, slow] })
    expect(table).toContain('| fast | 1,000 | 1.00 ms | 0.50x | <= 1.15x | ok |')
    expect(table).toContain('| slow | 333 | 3.00 ms | 1.50x | <= 1.15x | MISSED |')
  })
})
