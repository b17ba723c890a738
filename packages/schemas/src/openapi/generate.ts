/**
 * Writes `packages/schemas/openapi.json` from the endpoint table (`pnpm generate:openapi` in
 * this package). `--check` writes nothing and fails when the committed file differs (the
 * docs' `--check`, run by the root `pnpm run docs`, checks it too).
 *
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openApiText } from './document.ts'

const file = fileURLToPath(new URL('../../openapi.json', import.meta.url))
const text = openApiText()
const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined

if (process.argv.includes('--check')) {
  if (current === text) console.log('openapi.json is in step with the endpoint table')
  else {
    console.error('out of date: packages/schemas/openapi.json')
    console.error('run `pnpm --filter @perpkit/schemas generate:openapi` and commit the result')
    process.exitCode = 1
  }
} else if (current !== text) {
  writeFileSync(file, text)
  console.log('wrote packages/schemas/openapi.json')
} else {
  console.log('openapi.json is already in step with the endpoint table')
}
