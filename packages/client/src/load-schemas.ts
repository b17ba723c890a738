/**
 * The schemas (and zod behind them) load on the first call, not at import:
 * importing the client stays cheap (a CLI that prints `--help`), and the
 * first request pays once. The zod-free parts the client needs synchronously
 * come from `@perpkit/schemas/lite`. The first call loads
 * `@perpkit/schemas/runtime`: the same exports prebuilt into one file, which
 * Node loads several times faster than zod's some 150 modules.
 *
 * Browser bundles get `load-schemas.browser.ts` instead (the `browser`
 * field of package.json), which imports them statically: in one file an
 * `import()` only adds the bundler's lazy wrappers, and a bundler that splits
 * would put them in a second chunk that a page, which calls at once, fetches
 * one round trip later.
 *
 * @module
 */

/** The parts of `@perpkit/schemas` the client uses. */
export type Schemas = typeof import('./schemas-used.ts')['schemas']

let loading: Promise<Schemas> | undefined
let loaded: Schemas | undefined

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
  loading ??= import('./schemas-used.ts').then(({ schemas }) => {
    loaded = schemas
    return schemas
  })
  return loading
}

/**
 * `@perpkit/schemas` if it has loaded, for hot paths that must not wait a
 * microtask on a promise that settled long ago.
 *
 * @returns The schemas module, or `undefined` before the first load.
 * @example
 * ```ts
 * const schemas = loadedSchemas() ?? (await loadSchemas())
 * ```
 */
export function loadedSchemas(): Schemas | undefined {
  return loaded
}
