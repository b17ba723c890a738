import { type BuildOptions, build, type Metafile } from 'esbuild'

/** What {@link bundleInMemory} built: the metafile's inputs and the one output. */
export interface MemoryBundle {
  /** Every module in the bundle, by path relative to the working directory. */
  inputs: Metafile['inputs']
  /** What each module contributed to the output, by the same paths. */
  outputInputs: Metafile['outputs'][string]['inputs']
  /** The bundle itself, as bytes and as text. */
  output: Uint8Array
  text: string
}

/**
 * esbuild as the tests and the bundle bench run it: one ESM bundle (unless `format` says CJS),
 * every import inlined unless `external`, nothing written, nothing logged,
 * the metafile kept. Throws esbuild's error when it cannot build.
 *
 * @param options - The entry (`entryPoints` or `stdin`), `platform`,
 *   `external`, `minify`, and how `@perpkit/*` resolves (`alias` or `tsconfigRaw`).
 * @returns The bundle and its metafile's inputs.
 * @example
 * ```ts
 * const { inputs } = await bundleInMemory({ entryPoints: ['src/index.ts'], platform: 'browser' })
 * ```
 */
export async function bundleInMemory(options: BuildOptions): Promise<MemoryBundle> {
  const result = await build({
    bundle: true,
    format: 'esm',
    logLevel: 'silent',
    ...options,
    write: false,
    metafile: true,
  })
  const file = result.outputFiles[0]
  const outputInputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {}
  return {
    inputs: result.metafile.inputs,
    outputInputs,
    output: file?.contents ?? new Uint8Array(),
    text: file?.text ?? '',
  }
}
