import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CheckSource } from './fast-field.ts'
import { decimalSource, unsignedDecimalSource } from './fast-source.ts'
import { DECIMAL_PATTERN, UNSIGNED_DECIMAL_PATTERN } from './primitives.ts'

/** A check's source, compiled into a predicate as a generated row checker would inline it. */
function compiled(source: CheckSource): (value: unknown) => boolean {
  return new Function('value', `let v = value\n${source('v', 'return false')}\nreturn true`) as (
    value: unknown,
  ) => boolean
}

const text = fc.string({
  unit: fc.constantFrom('0', '1', '9', '.', '-', 'e', ' ', 'a', '\u0660'),
  maxLength: 8,
})

describe('decimal checks as generated source', () => {
  for (const [name, source, pattern] of [
    ['unsignedDecimalSource', unsignedDecimalSource, UNSIGNED_DECIMAL_PATTERN],
    ['decimalSource', decimalSource, DECIMAL_PATTERN],
  ] as const) {
    it(`${name} accepts exactly the strings of its pattern (2,000 random strings)`, () => {
      const check = compiled(source)
      fc.assert(
        fc.property(text, (s) => {
          expect(check(s)).toBe(pattern.test(s))
        }),
        { numRuns: 2000 },
      )
    })

    it(`${name} refuses what is not a string`, () => {
      const check = compiled(source)
      for (const value of [1, 0, -1.5, null, undefined, true, {}, ['1'], 10n]) {
        expect(check(value)).toBe(false)
      }
      for (const value of ['0', '7', '12.5', '0.0001', '65000.1']) expect(check(value)).toBe(true)
    })
  }
})
