import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { contractWire } from './endpoints/details.ts'
import { klineRecordWire } from './endpoints/kline.ts'
import { fastList } from './fast-list.ts'

/** The reference: the same rows through zod alone. */
function reference<Row extends z.ZodMiniObject>(row: Row) {
  return z.pipe(
    z.array(row),
    z.transform((rows: z.output<Row>[]) => rows.map((r) => ({ ...r }))),
  )
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
      const fast = fastList(row as z.ZodMiniObject, (r) => ({ ...r }))
      const slow = reference(row as z.ZodMiniObject)
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
    const row = z.object({ n: z.number().check(z.minimum(3)) })
    expect(() => fastList(row, (r) => r)).toThrow(/field "n" \(number\) has no fast predicate/)
  })
})
