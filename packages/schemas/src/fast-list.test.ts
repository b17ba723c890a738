import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contractWire } from './endpoints/details.ts'
import { klineRecordWire } from './endpoints/kline.ts'
import { fastList } from './fast-list.ts'

/** The reference: the same rows through zod alone. */
function reference<Row extends z.ZodObject>(row: Row) {
  return z.array(row).transform((rows) => rows.map((r) => ({ ...r })))
}

const field = fc.oneof(
  fc.constant('12.5'),
  fc.constant('-0.1'),
  fc.constant('x'),
  fc.constant(''),
  fc.integer({ min: -5, max: 2_000_000_000 }),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.constantFrom('Trading', 'Delisted', 'Paused'),
  fc.constantFrom(1, 2, 3),
)

describe('fastList', () => {
  for (const [name, row] of [
    ['kline', klineRecordWire],
    ['contract', contractWire],
  ] as const) {
    it(`accepts and refuses exactly what zod does, on random ${name} rows (1,000 runs)`, () => {
      const keys = Object.keys(row.shape)
      const fast = fastList(row as z.ZodObject, (r) => ({ ...r }))
      const slow = reference(row as z.ZodObject)
      const rowArb = fc.dictionary(fc.constantFrom(...keys), field)
      fc.assert(
        fc.property(fc.array(rowArb, { maxLength: 3 }), (rows) => {
          const a = fast.safeParse(rows)
          const b = slow.safeParse(rows)
          expect(a.success).toBe(b.success)
          if (!a.success && !b.success) {
            expect(a.error.issues[0]?.path).toEqual(b.error.issues[0]?.path)
          }
        }),
        { numRuns: 1000 },
      )
    })
  }

  it('refuses at definition time a field it cannot check fast', () => {
    const row = z.object({ n: z.number().min(3) })
    expect(() => fastList(row, (r) => r)).toThrow(/field "n" \(number\) has no fast predicate/)
  })
})
