import { describe, expect, it } from 'vitest'
import { misspeltTags } from './tsdoc-tags.ts'

describe('misspeltTags', () => {
  it('reports @defaultValue where it is a tag, not where prose quotes it', () => {
    const source = [
      '/** Retries. @defaultValue 2 */',
      '/** Use `@defaultValue` nowhere. @default 3 */',
    ].join('\n')
    expect(misspeltTags('x.ts', source)).toEqual([
      {
        file: 'x.ts',
        line: 1,
        column: 14,
        code: 'tsdoc',
        message: 'Write @default, not @defaultValue.',
      },
    ])
  })
})
