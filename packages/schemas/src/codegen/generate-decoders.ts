/**
 * Writes `src/generated/decoders.ts` from the endpoint table
 * (`pnpm generate:decoders` in this package). `--check` writes nothing and
 * fails when the committed file differs (the docs' `--check`, run by the
 * root `pnpm run docs`, checks it too).
 *
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { decodersSource, GENERATED_FILE } from './decoders-source.ts'

const file = fileURLToPath(new URL(`../../${GENERATED_FILE}`, import.meta.url))
const text = decodersSource()
const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined

if (process.argv.includes('--check')) {
  if (current === text) console.log(`${GENERATED_FILE} is in step with the endpoint table`)
  else {
    console.error(`out of date: packages/schemas/${GENERATED_FILE}`)
    console.error('run `pnpm --filter @perpkit/schemas generate:decoders` and commit the result')
    process.exitCode = 1
  }
} else if (current !== text) {
  writeFileSync(file, text)
  console.log(`wrote packages/schemas/${GENERATED_FILE}`)
} else {
  console.log(`${GENERATED_FILE} is already in step with the endpoint table`)
}
