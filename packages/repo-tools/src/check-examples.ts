/**
 * `pnpm check:examples`: every TSDoc `@example` and every ```` ```ts ```` block of the READMEs
 * and guides compiles against the workspace sources. What is read, and what a block may use
 * without importing it, is in `./examples/config.ts`. It also holds the TSDoc to the house
 * spelling of tags (`@default`, never `@defaultValue`).
 *
 * Prints `file:line:column TSxxxx message` per problem and exits 1 when there is any.
 */
import { readFileSync } from 'node:fs'
import { glob } from 'tinyglobby'
import { compileExamples, type ExampleProblem } from './examples/compile.ts'
import { ignoredFiles, markdownFiles, preludes, tsdocFiles } from './examples/config.ts'
import { markdownBlocks, tsdocBlocks } from './examples/extract.ts'
import { misspeltTags } from './examples/tsdoc-tags.ts'
import { repoRoot } from './repo-root.ts'

async function read(patterns: string[]): Promise<[file: string, source: string][]> {
  const files = await glob(patterns, { cwd: repoRoot, ignore: ignoredFiles })
  return files.sort().map((file) => [file, readFileSync(`${repoRoot}/${file}`, 'utf8')])
}

const tsdocSources = await read(tsdocFiles)
const blocks = [
  ...tsdocSources.flatMap(([file, source]) => tsdocBlocks(file, source)),
  ...(await read(markdownFiles)).flatMap(([file, source]) => markdownBlocks(file, source)),
]
const checked = blocks.filter((block) => block.nocheck === undefined)
const skipped = blocks.filter((block) => block.nocheck !== undefined)

const problems: ExampleProblem[] = [
  ...tsdocSources.flatMap(([file, source]) => misspeltTags(file, source)),
  ...skipped
    .filter((block) => block.nocheck === '')
    .map((block) => ({
      file: block.file,
      line: block.line - 1,
      column: 1,
      code: 'nocheck',
      message: 'A block fenced `nocheck` must say why: ```ts nocheck: <reason>',
    })),
  ...compileExamples(checked, { root: repoRoot, tsconfig: 'tsconfig.source.json', preludes }),
]

for (const { file, line, column, code, message } of problems) {
  console.log(`${file}:${line}:${column} ${code} ${message.replaceAll('\n', '\n    ')}`)
}
const files = new Set(blocks.map((block) => block.file)).size
console.log(
  `${problems.length} problem(s) in ${checked.length} example(s) from ${files} file(s)` +
    (skipped.length ? `; ${skipped.length} marked nocheck` : ''),
)
if (problems.length > 0) process.exitCode = 1
