/**
 * The zod schemas load only when something must be explained: params the
 * generated encoder refused, a payload the generated decoder refused, a
 * `request()` schema's issues. A successful call, the first included, runs
 * the decoders generated from the endpoint table (`@perpkit/schemas/decoders`,
 * zod-free) and never loads zod.
 *
 * The schemas come from `@perpkit/schemas/runtime`: the same exports
 * prebuilt into one file, which Node loads several times faster than zod's
 * some 150 modules. A browser bundler that splits dynamic imports puts them
 * (and zod) in a chunk of their own that a page fetches only then.
 *
 * @module
 */

/** The parts of `@perpkit/schemas` the client uses. */
export type Schemas = typeof import('./schemas-used.ts')['schemas']

let loading: Promise<Schemas> | undefined

/**
 * `@perpkit/schemas`, imported once and cached.
 *
 * @returns The schemas module.
 * @example
 * ```ts
 * const { endpoints } = await loadSchemas()
 * ```
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('./schemas-used.ts').then(({ schemas }) => schemas)
  return loading
}
