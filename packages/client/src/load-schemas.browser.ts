/**
 * `load-schemas.ts` for browser bundles, picked by the `browser` field of
 * package.json: the schemas are imported statically. A bundle holds the
 * schemas either way, and an `import()` would make the bundler wrap every
 * module behind it (the schemas and zod) in a lazy initializer, bytes for
 * nothing in one file. Same exports, same behaviour: only when the schemas
 * are evaluated differs (with the client, not on its first call).
 *
 * @module
 */
import type { Schemas } from './load-schemas.ts'
import { schemas } from './schemas-used.ts'

const loaded = Promise.resolve(schemas)

/**
 * `@perpkit/schemas`, already imported.
 *
 * @returns The schemas module.
 * @example
 * ```ts
 * const { endpoints } = await loadSchemas()
 * ```
 */
export function loadSchemas(): Promise<Schemas> {
  return loaded
}

/**
 * `@perpkit/schemas`, always loaded in a browser bundle.
 *
 * @returns The schemas module.
 * @example
 * ```ts
 * const schemas = loadedSchemas() ?? (await loadSchemas())
 * ```
 */
export function loadedSchemas(): Schemas | undefined {
  return schemas
}
