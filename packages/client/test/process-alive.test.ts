import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startSandbox } from '@perpkit/sandbox'
import { endpointRoutes } from '@perpkit/schemas/lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleInMemory } from '../../../esbuild.shared.ts'
import { sourceAliasMap } from '../../../vitest.shared.ts'

const run = promisify(execFile)

/** One call more than depth's budget allows in a window: the last one waits in the rate limiter. */
const overBudget = endpointRoutes['/contract/public/depth'].rateLimit.limit + 1

/** A plain sequential script with default options. */
const calls = `
const client = createClient()
for (let i = 0; i < ${overBudget}; i++) await client.getDepth({ symbol: 'BTCUSDT' })
console.log('after the last depth call')
`
const scripts = {
  esm: `import { createClient } from '@perpkit/client'\n${calls}`,
  // CommonJS has no top-level await: the same calls in an async main.
  cjs: `const { createClient } = require('@perpkit/client')\nasync function main() {${calls}}\nvoid main()`,
} as const

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'perpkit-alive-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function bundle(format: 'esm' | 'cjs'): Promise<string> {
  const file = join(dir, `script.${format === 'esm' ? 'mjs' : 'cjs'}`)
  const { text } = await bundleInMemory({
    stdin: {
      contents: scripts[format],
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
    },
    platform: 'node',
    format,
    alias: sourceAliasMap,
  })
  await writeFile(file, text)
  return file
}

describe('a call queued in the rate limiter', () => {
  it.each(['esm', 'cjs'] as const)(
    'keeps a %s script alive until it settles, so the script goes on after the call over budget',
    async (format) => {
      // A sandbox of its own: the other format's calls do not share its windows.
      const sandbox = await startSandbox({ seed: 3, quiet: true, rateLimit: true })
      try {
        const file = await bundle(format)
        const { stdout } = await run(process.execPath, [file], {
          env: { ...process.env, PERPKIT_BASE_URL: sandbox.url },
        })
        expect(stdout).toBe('after the last depth call\n')
      } finally {
        await sandbox.close()
      }
    },
    20_000,
  )
})
