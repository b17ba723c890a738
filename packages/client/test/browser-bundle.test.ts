import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bundleInMemory } from '../../../esbuild.shared.ts'
import { sourceAliasMap } from '../../../vitest.shared.ts'

describe('the client in a browser', () => {
  it('bundles for the browser with no Node built-in anywhere in its import graph', async () => {
    const bundle = await bundleInMemory({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
      platform: 'browser',
      alias: sourceAliasMap,
    })
    const inputs = Object.keys(bundle.inputs)
    const imports = Object.values(bundle.inputs).flatMap((input) =>
      input.imports.map((i) => i.path),
    )
    // Paths are relative to the working directory: `signer/src/` matches from the root and the package.
    expect(inputs.some((path) => path.includes('signer/src/'))).toBe(true)
    expect(inputs.some((path) => path.includes('/ky/'))).toBe(true)
    expect(imports.filter((path) => path.startsWith('node:') || path === 'crypto')).toEqual([])
    expect(bundle.text).not.toMatch(/from\s*["']node:/)
  })
})
