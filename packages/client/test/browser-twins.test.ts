import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { signRequest } from '@perpkit/signer'
import type { Metafile, Platform } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { bundleInMemory } from '../../../esbuild.shared.ts'
import { sourceAliasMap } from '../../../vitest.shared.ts'
import * as schemasLoader from '../src/load-schemas.ts'
import * as signerTwinModule from '../src/load-signer.browser.ts'
import * as signerLoader from '../src/load-signer.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

// The browser twin can stand in for its module: same exports, same types (tsc checks this).
const signerTwin: typeof signerLoader = signerTwinModule

/** The client's sources, bundled for `platform`, as the metafile lists them (paths from the package). */
async function bundleInputs(platform: Platform): Promise<Metafile['inputs']> {
  const { inputs } = await bundleInMemory({
    entryPoints: [`${packageDir}src/index.ts`],
    platform,
    alias: sourceAliasMap,
    external: platform === 'node' ? ['ky', 'zod'] : [],
  })
  return Object.fromEntries(
    Object.entries(inputs).map(([path, input]) => [
      path.replace(/^.*packages\/client\//, ''),
      input,
    ]),
  )
}

/** How `from` imports the module whose path ends with `target` (static or `import()`). */
function importKind(inputs: Metafile['inputs'], from: string, target: string): string | undefined {
  const importer = Object.entries(inputs).find(([path]) => path === from)?.[1]
  return importer?.imports.find((i) => i.path.endsWith(`/${target}`))?.kind
}

describe('the loaders of the schemas and the signer', () => {
  it('import the signer statically in a browser bundle (its twin), and the schemas only through import()', async () => {
    const inputs = await bundleInputs('browser')
    const files = Object.keys(inputs)
    expect(files).toContain('src/load-signer.browser.ts')
    expect(files).not.toContain('src/load-signer.ts')
    expect(importKind(inputs, 'src/load-signer.browser.ts', 'signer-used.ts')).toBe(
      'import-statement',
    )
    // zod is for explaining refusals: a bundler that splits puts it in a chunk of its own.
    expect(importKind(inputs, 'src/load-schemas.ts', 'schemas-used.ts')).toBe('dynamic-import')
    const kinds = Object.values(inputs).flatMap((input) => input.imports.map((i) => i.kind))
    expect(kinds.filter((kind) => kind === 'dynamic-import')).toHaveLength(1)
  })

  it('stay lazy for Node: a Node bundle keeps the import() of both', async () => {
    const inputs = await bundleInputs('node')
    const files = Object.keys(inputs)
    expect(files).not.toContain('src/load-signer.browser.ts')
    expect(importKind(inputs, 'src/load-schemas.ts', 'schemas-used.ts')).toBe('dynamic-import')
    expect(importKind(inputs, 'src/load-signer.ts', 'signer-used.ts')).toBe('dynamic-import')
  })

  it("are mapped alike for the published dist/ and for src/ in package.json's browser field", () => {
    const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as {
      browser: Record<string, string>
    }
    const sourceEntries = Object.entries(manifest.browser).filter(([from]) =>
      from.startsWith('./src/'),
    )
    expect(sourceEntries.map(([from]) => from).sort()).toEqual(['./src/load-signer.ts'])
    const compiled = (path: string) => path.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js')
    const expected = Object.fromEntries(
      sourceEntries.flatMap(([from, to]) => [
        [from, to],
        [compiled(from), compiled(to)],
      ]),
    )
    expect(manifest.browser).toEqual(expected)
    for (const [, to] of sourceEntries) expect(existsSync(`${packageDir}${to}`)).toBe(true)
  })

  it('load the schemas once, the same module every time', async () => {
    const loaded = await schemasLoader.loadSchemas()
    expect(await schemasLoader.loadSchemas()).toBe(loaded)
    expect(loaded.endpoints['/contract/public/depth'].clientMethod).toBe('getDepth')
  })

  it("hand out the signer's signRequest, lazily or not", async () => {
    expect((await signerLoader.loadSigner()).signRequest).toBe(signRequest)
    expect((await signerTwin.loadSigner()).signRequest).toBe(signRequest)
  })
})
