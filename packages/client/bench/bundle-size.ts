import { builtinModules, createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import { bundleInMemory } from '../../../esbuild.shared.ts'
import { sourceAliasMap } from '../../../vitest.shared.ts'

const require = createRequire(import.meta.url)

/** The largest gzip size of `createClient` + `sign` for the browser, in bytes (`pnpm check:bundle` fails past it). */
export const BUNDLE_BUDGET_GZIP = 30_000

/** The size issue #18 asks for, reported by `pnpm bench` (met: the CI gate above now holds it). */
const BUNDLE_TARGET_GZIP = 30_000

/** A browser bundle's size, or why it could not be built. */
export type BundleSize =
  | { ok: true; bytes: number; gzip: number; largest: { file: string; bytes: number }[] }
  | { ok: false; reason: string }

/**
 * Where `@perpkit/*` imports resolve from: `published` is what an app that
 * installed the packages gets (each package's `exports` and `browser` field,
 * its built `dist/`: needs `pnpm build`); `source` is the workspace's
 * sources (the alias map the tests use; no build needed).
 */
export type BundleLayout = 'published' | 'source'

/**
 * Bundles `source` (an entry module's text) for the browser as an app would:
 * esbuild, ESM, minified, every import inlined.
 *
 * @param source - The entry module.
 * @param resolveDir - Where its imports resolve from.
 * @param layout - Published packages or workspace sources.
 * @param external - Imports left out of the bundle.
 * @returns Raw and gzip bytes and the largest inputs, or the build error.
 */
async function browserBundleSize(
  source: string,
  resolveDir: string,
  layout: BundleLayout,
  external: string[] = [],
): Promise<BundleSize> {
  try {
    const { output, outputInputs } = await bundleInMemory({
      stdin: { contents: source, resolveDir, loader: 'ts' },
      minify: true,
      platform: 'browser',
      external,
      // Published: no tsconfig either, whose `paths` would send `@perpkit/*` to the sources.
      ...(layout === 'source' ? { alias: sourceAliasMap } : { tsconfigRaw: {} }),
    })
    const largest = Object.entries(outputInputs)
      .map(([file, input]) => ({
        file: file.replace(/^.*node_modules\//, ''),
        bytes: input.bytesInOutput,
      }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
    return { ok: true, bytes: output.length, gzip: gzipSync(output).length, largest }
  } catch (error) {
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text
    return { ok: false, reason: first ?? String(error) }
  }
}

const here = new URL('.', import.meta.url).pathname

/**
 * What a browser app pays for the client: `createClient` plus the signer's `sign`.
 *
 * @param layout - Published packages (what an app gets) or workspace sources.
 * @returns Its size.
 */
export function clientBundleSize(layout: BundleLayout): Promise<BundleSize> {
  return browserBundleSize(
    `import { createClient } from '@perpkit/client'
     import { sign } from '@perpkit/signer'
     export { createClient, sign }`,
    here,
    layout,
  )
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`

/** The client's browser bundle next to the lightest peer's (its entry, bundled the same way). */
export async function benchBundleSize(): Promise<void> {
  const peerName = '@bitmartexchange/bitmart-node-sdk-api'
  const peerEntry = require.resolve(peerName)
  const peerSource = `export * from ${JSON.stringify(peerEntry)}`
  const [ours, oursFromSource, peer, peerWithoutNode] = await Promise.all([
    clientBundleSize('published'),
    clientBundleSize('source'),
    browserBundleSize(peerSource, here, 'published'),
    // For scale only: with Node's built-ins left out it bundles, but would not run in a page.
    browserBundleSize(peerSource, here, 'published', [...builtinModules, 'node:*']),
  ])
  const row = (name: string, size: BundleSize, budget?: number) =>
    size.ok
      ? `| ${name} | ${kb(size.bytes)} | ${kb(size.gzip)} | ${
          budget === undefined ? '' : `<= ${kb(budget)} ${size.gzip <= budget ? 'ok' : 'MISSED'}`
        } |`
      : `| ${name} | does not bundle for the browser: ${size.reason} | | |`
  console.log('\n### browser bundle (esbuild, ESM, minified)\n')
  console.log('| bundle | raw | gzip | budget |\n|---|---:|---:|---|')
  console.log(row('@perpkit/client createClient + sign (published)', ours, BUNDLE_TARGET_GZIP))
  console.log(row('@perpkit/client createClient + sign (sources)', oursFromSource))
  console.log(row(`${peerName} (peer entry)`, peer))
  console.log(row(`${peerName}, Node built-ins left out (would not run)`, peerWithoutNode))
  if (ours.ok) {
    console.log(
      `\nlargest inputs: ${ours.largest.map((i) => `${i.file} ${kb(i.bytes)}`).join(', ')}`,
    )
  }
}
