/**
 * The schemas (and zod behind them) load on the first call, not at import:
 * importing the client stays cheap (a CLI that prints `--help`, a page that
 * never calls), and the first request pays once. The zod-free parts the
 * client needs synchronously come from `@perpkit/schemas/lite`. The first call
 * loads `@perpkit/schemas/runtime`: the same exports prebuilt into one file,
 * which Node loads several times faster than zod's some 150 modules.
 *
 * Browser bundles get `load-schemas.browser.ts` instead (the `browser`
 * field of package.json): a bundle holds the schemas anyway, so they are
 * imported statically there.
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
