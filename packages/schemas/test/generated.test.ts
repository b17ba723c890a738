import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodersSource, GENERATED_FILE } from '../src/codegen/decoders-source.ts'

describe(GENERATED_FILE, () => {
  it('is what the endpoint table generates (regenerate with `pnpm generate:decoders`)', () => {
    const committed = readFileSync(new URL(`../${GENERATED_FILE}`, import.meta.url), 'utf8')
    expect(committed).toBe(decodersSource())
  })
})
