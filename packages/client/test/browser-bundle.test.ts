import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { sourceAliasMap } from '../../../vitest.shared.ts'

describe('the client in a browser', () => {
  it('bundles for the browser with no Node built-in anywhere in its import graph', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
      alias: sourceAliasMap,
    })
    const inputs = Object.keys(result.metafile.inputs)
    const imports = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.map((i) => i.path),
    )
    // Paths are relative to the working directory: `signer/src/` matches from the root and the package.
    expect(inputs.some((path) => path.includes('signer/src/'))).toBe(true)
    expect(inputs.some((path) => path.includes('/ky/'))).toBe(true)
    expect(imports.filter((path) => path.startsWith('node:') || path === 'crypto')).toEqual([])
    expect(result.outputFiles[0]?.text).not.toMatch(/from\s*["']node:/)
  })
})
