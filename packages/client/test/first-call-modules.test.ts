import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const NOW = Date.UTC(2026, 0, 15, 12)
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url))

let sandbox: Sandbox
let dir: string

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, quiet: true, rateLimit: false })
  dir = await mkdtemp(join(tmpdir(), 'perpkit-modules-'))
})

afterAll(async () => {
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

/** The modules a fresh process loaded between the marks of fixtures/first-calls.ts. */
async function modulesByPhase(): Promise<Map<string, string[]>> {
  const log = join(dir, 'modules.log')
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      `${fixtures}register-module-log.mjs`,
      `${fixtures}first-calls.ts`,
    ],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        PERPKIT_MODULE_LOG: log,
        PERPKIT_BASE_URL: sandbox.url,
        PERPKIT_NOW: String(NOW),
      },
    },
  )
  const phases = new Map<string, string[]>()
  let modules: string[] = []
  for (const line of (await readFile(log, 'utf8')).split('\n')) {
    if (line.startsWith('-- ')) {
      phases.set(line.slice(3), modules)
      modules = []
    } else if (line !== '') modules.push(line)
  }
  return phases
}

const isZod = (url: string) => /\/node_modules\/(\.pnpm\/zod@[^/]+\/node_modules\/)?zod\//.test(url)

describe('the modules a fresh process loads (a loader hook logs each)', () => {
  it('include no zod file up to a first getDepth, nor for a successful call of every method; zod comes with the first refusal', async () => {
    const phases = await modulesByPhase()
    const [imported, first, every, refused] = [
      'imported',
      'first getDepth answered',
      'every method answered',
      [...phases.keys()].find((key) => key.startsWith('refused')) ?? '',
    ].map((phase) => phases.get(phase) ?? [])
    // The log saw the client and the generated decoders load...
    expect([...(imported ?? []), ...(first ?? [])].some((url) => url.includes('/ky/'))).toBe(true)
    expect(
      [...(imported ?? []), ...(first ?? [])].some((url) =>
        url.endsWith('/schemas/src/generated/decoders.ts'),
      ),
    ).toBe(true)
    // ...and no zod until something had to be explained.
    expect([...(imported ?? []), ...(first ?? []), ...(every ?? [])].filter(isZod)).toEqual([])
    expect((refused ?? []).filter(isZod).length).toBeGreaterThan(0)
    expect([...phases.keys()].at(-1)).toMatch(/limit must be at most 100/)
  }, 60_000)
})
