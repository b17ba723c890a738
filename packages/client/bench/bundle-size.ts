import { builtinModules, createRequire } from 'node:module'
import { basename } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { bundleInMemory } from '../../../esbuild.shared.ts'
import { sourceAliasMap } from '../../../vitest.shared.ts'

const require = createRequire(import.meta.url)

/**
 * The largest gzip size of what a page loads to use the client (create it,
 * call a method, sign), for the browser, in bytes (`pnpm check:bundle` fails
 * past it): issue #36's target.
 */
export const BUNDLE_BUDGET_GZIP = 24_000

/** A browser bundle's size, or why it could not be built. */
type BundleSize =
  | { ok: true; bytes: number; gzip: number; largest: { file: string; bytes: number }[] }
  | { ok: false; reason: string }

/**
 * Where `@perpkit/*` imports resolve from: `published` is what an app that
 * installed the packages gets (each package's `exports` and `browser` field,
 * its built `dist/`: needs `pnpm build`); `source` is the workspace's
 * sources (the alias map the tests use; no build needed).
 */
export type BundleLayout = 'published' | 'source'

const here = new URL('.', import.meta.url).pathname

/** How `@perpkit/*` resolves in each layout (published: no tsconfig `paths` to the sources). */
const resolution = (layout: BundleLayout) =>
  layout === 'source' ? { alias: sourceAliasMap } : { tsconfigRaw: {} }

/**
 * Bundles `source` (an entry module's text) for the browser into one file:
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
      ...resolution(layout),
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
    return { ok: false, reason: reasonOf(error) }
  }
}

function reasonOf(error: unknown): string {
  return (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(error)
}

/**
 * What an app writes: a client, a call of a method and a signature, not a
 * re-export (a bundler keeps only what is used).
 */
const APP_ENTRY = `import { createClient } from '@perpkit/client'
import { sign } from '@perpkit/signer'

const client = createClient({ baseUrl: 'https://api.example.com' })
export const book = client.getDepth({ symbol: 'BTCUSDT' })
export const signature = sign({ secret: 's', memo: 'm', timestamp: Date.now(), body: '' })
`

/** Bytes of some chunks: raw, gzip (each file on its own, as a server sends it), files. */
interface ChunkSize {
  bytes: number
  gzip: number
  files: number
}

/** An app's bundle split as a bundler splits dynamic imports: what a page loads at once, and later. */
export type SplitBundleSize =
  | {
      ok: true
      /** The entry chunk and every chunk it imports statically: what a page loads to call. */
      initial: ChunkSize
      /** The chunks behind `import()`: the zod schemas, loaded to explain a refusal. */
      lazy: ChunkSize
      largest: { file: string; bytes: number }[]
    }
  | { ok: false; reason: string }

/**
 * Bundles {@link APP_ENTRY} for the browser as a bundler with code splitting
 * does (esbuild `--splitting`; Vite and Rollup split dynamic imports by
 * default), minified.
 *
 * @param layout - Published packages (what an app gets) or workspace sources.
 * @returns The initial and the lazy chunks' sizes.
 */
export async function appBundleSize(layout: BundleLayout): Promise<SplitBundleSize> {
  try {
    const result = await build({
      stdin: { contents: APP_ENTRY, resolveDir: here, loader: 'ts', sourcefile: 'app.ts' },
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      platform: 'browser',
      outdir: '/app',
      write: false,
      metafile: true,
      logLevel: 'silent',
      ...resolution(layout),
    })
    const outputs = result.metafile.outputs
    const initial = new Set<string>()
    const visit = (file: string) => {
      if (initial.has(file)) return
      initial.add(file)
      for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path)
    }
    // The app's own entry: an `import()` target is an entry point of its own too.
    const lazyTargets = new Set(
      Object.values(outputs).flatMap((output) =>
        output.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
      ),
    )
    for (const [file, output] of Object.entries(outputs)) {
      if (output.entryPoint !== undefined && !lazyTargets.has(file)) visit(file)
    }
    const initialSize: ChunkSize = { bytes: 0, gzip: 0, files: 0 }
    const lazySize: ChunkSize = { bytes: 0, gzip: 0, files: 0 }
    for (const file of result.outputFiles) {
      const key = Object.keys(outputs).find((path) => basename(path) === basename(file.path))
      const size = key !== undefined && initial.has(key) ? initialSize : lazySize
      size.bytes += file.contents.length
      size.gzip += gzipSync(file.contents).length
      size.files++
    }
    const largest = Object.entries(outputs)
      .filter(([file]) => initial.has(file))
      .flatMap(([, output]) => Object.entries(output.inputs))
      .map(([file, input]) => ({
        file: file.replace(/^.*node_modules\//, ''),
        bytes: input.bytesInOutput,
      }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
    return { ok: true, initial: initialSize, lazy: lazySize, largest }
  } catch (error) {
    return { ok: false, reason: reasonOf(error) }
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`

/** The client's browser bundle next to the lightest peer's (its entry, bundled in one file). */
export async function benchBundleSize(): Promise<void> {
  const peerName = '@bitmartexchange/bitmart-node-sdk-api'
  const peerEntry = require.resolve(peerName)
  const peerSource = `export * from ${JSON.stringify(peerEntry)}`
  const [ours, oursFromSource, peer, peerWithoutNode] = await Promise.all([
    appBundleSize('published'),
    appBundleSize('source'),
    browserBundleSize(peerSource, here, 'published'),
    // For scale only: with Node's built-ins left out it bundles, but would not run in a page.
    browserBundleSize(peerSource, here, 'published', [...builtinModules, 'node:*']),
  ])
  const split = (name: string, size: SplitBundleSize, budget?: number) => {
    if (!size.ok) return `| ${name} | does not bundle for the browser: ${size.reason} | | | |`
    const verdict =
      budget === undefined ? '' : `<= ${budget} B ${size.initial.gzip <= budget ? 'ok' : 'MISSED'}`
    return `| ${name} | ${kb(size.initial.bytes)} | ${size.initial.gzip} B | ${verdict} | ${size.lazy.gzip} B in ${size.lazy.files} |`
  }
  const whole = (name: string, size: BundleSize) =>
    size.ok
      ? `| ${name} | ${kb(size.bytes)} | ${size.gzip} B | | |`
      : `| ${name} | does not bundle for the browser: ${size.reason} | | | |`
  console.log('\n### browser bundle (esbuild, ESM, minified, code splitting)\n')
  console.log('An app that creates a client, calls a method and signs. The lazy chunks are the')
  console.log('zod schemas, which a page fetches only to explain a refusal.\n')
  console.log('| bundle | raw | gzip | budget | lazy chunks, gzip |\n|---|---:|---:|---|---:|')
  console.log(split('@perpkit/client app (published)', ours, BUNDLE_BUDGET_GZIP))
  console.log(split('@perpkit/client app (sources)', oursFromSource))
  console.log(whole(`${peerName} (peer entry)`, peer))
  console.log(whole(`${peerName}, Node built-ins left out (would not run)`, peerWithoutNode))
  if (ours.ok) {
    console.log(
      `\nlargest inputs loaded at once: ${ours.largest.map((i) => `${i.file} ${kb(i.bytes)}`).join(', ')}`,
    )
  }
}
