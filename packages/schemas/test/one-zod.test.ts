import { execFileSync } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Platform } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { bundleInMemory } from '../../../esbuild.shared.ts'
import { klineSample } from './samples.ts'

type Schemas = typeof import('../src/index.ts')

const packageDir = fileURLToPath(new URL('..', import.meta.url))
let index: Schemas
let runtime: Schemas
let browser: Schemas
let lite: typeof import('../src/lite.ts')

// The published entries, as built by the package's own build script.
beforeAll(async () => {
  const manifest = (await import('../package.json', { with: { type: 'json' } })).default
  execFileSync('sh', ['-c', manifest.scripts.build], {
    cwd: packageDir,
    env: { ...process.env, PATH: `${packageDir}../../node_modules/.bin:${process.env.PATH}` },
    stdio: 'pipe',
  })
  const load = (file: string) => import(pathToFileURL(`${packageDir}dist/${file}`).href)
  index = (await load('index.js')) as Schemas
  runtime = (await load('runtime.js')) as Schemas
  browser = (await load('browser.js')) as Schemas
  lite = (await load('lite.js')) as typeof import('../src/lite.ts')
}, 120_000)

describe('one zod and one implementation per process, whichever entry is imported', () => {
  it("builds the runtime entry's schemas with the zod the process imports", () => {
    const depth = runtime.endpoints['/contract/public/depth'].data
    expect(depth).toBeInstanceOf(z.ZodMiniType)
    expect(index.depthWire).toBeInstanceOf(z.ZodMiniType)
  })

  it('gives both entries the same objects', () => {
    expect(runtime.endpoints).toBe(index.endpoints)
    expect(runtime.decodeData).toBe(index.decodeData)
  })

  it("walks a runtime row's drift with the main entry's driftOf", () => {
    const row = runtime.endpoints['/contract/public/kline']
    const payload = klineSample().map((row) => ({ ...row, turnover: '1' }))
    const drift = index.driftOf(row, payload)
    expect(Object.keys(drift?.unknown ?? {})).toEqual(['data[].turnover'])
  })

  it("composes a runtime schema inside the process's own zod object", () => {
    const wrapped = z.object({ book: runtime.depthWire })
    const book = { timestamp: 1, symbol: 'BTCUSDT', bids: [['1', '1', '1']], asks: null }
    expect(wrapped.safeParse({ book }).success).toBe(true)
    expect(wrapped.safeParse({ book: { ...book, bids: [['-1', '1', '1']] } }).success).toBe(false)
  })
})

/** The built file a bundler for `platform` picks for `specifier` (the package's own exports). */
async function bundledFile(specifier: string, platform: Platform): Promise<string[]> {
  const { inputs } = await bundleInMemory({
    stdin: { contents: `export { endpoints } from '${specifier}'`, resolveDir: packageDir },
    platform,
    external: ['zod', 'zod/*'],
    // No tsconfig: its `paths` would send `@perpkit/schemas` to the sources.
    tsconfigRaw: {},
  })
  return Object.keys(inputs)
    .map((path) => path.replace(/^.*packages\/schemas\//, ''))
    .filter((path) => /^dist\/(index|runtime|browser)\.js$/.test(path))
    .sort()
}

describe("the browser entry: the modules one by one, shared with './lite'", () => {
  it('exports what the runtime entry exports', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(runtime).sort())
  })

  it("holds the very objects of './lite', so a bundle has one copy of them", () => {
    expect(browser.endpointRoutes).toBe(lite.endpointRoutes)
    expect(browser.countCandles).toBe(lite.countCandles)
  })

  it.each(['@perpkit/schemas', '@perpkit/schemas/runtime'])(
    '%s is the browser entry for a browser bundler, the one-file runtime for Node',
    async (specifier) => {
      expect(await bundledFile(specifier, 'browser')).toEqual(['dist/browser.js'])
      const forNode = await bundledFile(specifier, 'node')
      expect(forNode).toContain('dist/runtime.js')
      expect(forNode).not.toContain('dist/browser.js')
    },
  )
})
