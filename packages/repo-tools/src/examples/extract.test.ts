import { describe, expect, it } from 'vitest'
import { markdownBlocks, tsdocBlocks } from './extract.ts'

describe('markdownBlocks', () => {
  it('returns ts and typescript fences with the line of their first code line', () => {
    const source = [
      '# Title',
      '```ts',
      'const a = 1',
      '```',
      '```sh',
      'pnpm add x',
      '```',
      '```typescript',
      'const b = 2',
      'const c = 3',
      '```',
    ].join('\n')
    expect(markdownBlocks('README.md', source)).toEqual([
      { file: 'README.md', line: 3, code: 'const a = 1' },
      { file: 'README.md', line: 9, code: 'const b = 2\nconst c = 3' },
    ])
  })

  it('does not read a ts fence shown inside a longer fence', () => {
    const source = ['````md', '```ts', 'not code', '```', '````'].join('\n')
    expect(markdownBlocks('guide.md', source)).toEqual([])
  })

  it('reads the nocheck marker and its reason, or an empty reason', () => {
    const source = ['```ts nocheck: an excerpt', 'x', '```', '```ts nocheck', 'y', '```'].join('\n')
    expect(markdownBlocks('guide.md', source).map((block) => block.nocheck)).toEqual([
      'an excerpt',
      '',
    ])
  })
})

describe('tsdocBlocks', () => {
  it('returns the fenced code of each @example, without the comment prefix', () => {
    const source = [
      '/**',
      ' * Adds.',
      ' *',
      ' * @example Two numbers',
      ' * ```ts',
      ' * add(1, 2)',
      ' *   // 3',
      ' * ```',
      ' * @returns The sum.',
      ' */',
      'export function add(a: number, b: number) { return a + b }',
    ].join('\n')
    expect(tsdocBlocks('add.ts', source)).toEqual([
      { file: 'add.ts', line: 6, code: 'add(1, 2)\n  // 3' },
    ])
  })

  it('takes an @example without a fence as code, as typedoc renders it', () => {
    const source = ['/**', ' * @example', ' * add(1, 2)', ' */'].join('\n')
    expect(tsdocBlocks('add.ts', source)).toEqual([{ file: 'add.ts', line: 3, code: 'add(1, 2)' }])
  })

  it('ignores fences outside @example tags and a @example in code', () => {
    const source = [
      '/**',
      ' * ```ts',
      ' * notAnExample()',
      ' * ```',
      ' */',
      "const tag = '@example'",
    ].join('\n')
    expect(tsdocBlocks('x.ts', source)).toEqual([])
  })
})
