import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../repo-root.ts'
import { compileExamples, type ExampleProblem } from './compile.ts'

const signSyncCall = "signSync({ secret: 's', memo: 'm', timestamp: 0, body: '' })"

describe('compileExamples', () => {
  // One program for all cases: building it is the slow part.
  let problems: ExampleProblem[]
  beforeAll(() => {
    problems = compileExamples(
      [
        {
          file: 'packages/signer/src/errors.ts',
          line: 40,
          code: "const a = 1\nconst n: number = 'x'",
        },
        { file: 'packages/signer/src/errors.ts', line: 70, code: signSyncCall },
        { file: 'README.md', line: 5, code: signSyncCall },
      ],
      { root: repoRoot, tsconfig: 'tsconfig.source.json', preludes: {} },
    )
  }, 60_000)

  it('places a diagnostic at its line in the documented file, not in the module it became', () => {
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'packages/signer/src/errors.ts', line: 41, code: 'TS2322' }),
    )
  })

  it("lets a block use its package's public exports unimported, and nothing else", () => {
    expect(problems.filter(({ line }) => line === 70)).toEqual([])
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'README.md', line: 5, code: 'TS2304' }),
    )
    expect(problems).toHaveLength(2)
  })
})
