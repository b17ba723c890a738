/**
 * Writes `packages/schemas/openapi-examples.json` from the sandbox (`pnpm examples` here);
 * `--check` writes nothing and fails when the committed file is not what the sandbox answers
 * today. After writing, regenerate the document: `pnpm --filter @perpkit/schemas generate:openapi`.
 *
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { EXAMPLES_FILE } from '../repo-files.ts'
import { collectExamples } from './collect-examples.ts'

const text = `${JSON.stringify(await collectExamples(), null, 2)}\n`
const current = existsSync(EXAMPLES_FILE) ? readFileSync(EXAMPLES_FILE, 'utf8') : undefined

if (process.argv.includes('--check')) {
  if (current === text) console.log('openapi-examples.json is what the sandbox answers')
  else {
    console.error(
      'out of date: packages/schemas/openapi-examples.json (the sandbox answers otherwise)',
    )
    console.error(
      'run `pnpm --filter @perpkit/openapi-tools examples`, then `pnpm --filter @perpkit/schemas generate:openapi`, and commit both',
    )
    process.exitCode = 1
  }
} else if (current !== text) {
  writeFileSync(EXAMPLES_FILE, text)
  console.log('wrote packages/schemas/openapi-examples.json')
} else {
  console.log('openapi-examples.json is already what the sandbox answers')
}
