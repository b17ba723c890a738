import { execFileSync } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { klineSample } from './samples.ts'

type Schemas = typeof import('../src/index.ts')

const packageDir = fileURLToPath(new URL('..', import.meta.url))
let index: Schemas
let runtime: Schemas

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

  it("walks a runtime schema's drift with the main entry's driftOf", () => {
    const schema = runtime.endpoints['/contract/public/kline'].data
    const payload = klineSample().map((row) => ({ ...row, turnover: '1' }))
    const drift = index.driftOf(schema, payload)
    expect(Object.keys(drift?.unknown ?? {})).toEqual(['data[].turnover'])
  })

  it("composes a runtime schema inside the process's own zod object", () => {
    const wrapped = z.object({ book: runtime.depthWire })
    const book = { timestamp: 1, symbol: 'BTCUSDT', bids: [['1', '1', '1']], asks: null }
    expect(wrapped.safeParse({ book }).success).toBe(true)
    expect(wrapped.safeParse({ book: { ...book, bids: [['-1', '1', '1']] } }).success).toBe(false)
  })
})
