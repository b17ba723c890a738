import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url))

/** Every `@perpkit/*` entry point (`@perpkit/schemas`, `@perpkit/schemas/lite`...) and its source file. */
function sourceEntries(): [specifier: string, file: string][] {
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = `${packagesDir}${entry.name}`
      const manifest = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as {
        exports?: Record<string, unknown>
      }
      const subpaths = Object.keys(manifest.exports ?? { '.': null }).filter(
        (key) => key !== './package.json',
      )
      return subpaths.map((key): [string, string] => {
        if (key === '.') return [`@perpkit/${entry.name}`, `${dir}/src/index.ts`]
        const specifier = `@perpkit/${entry.name}/${key.slice(2)}`
        // A data file (the schemas' `openapi.json`) is its own source.
        if (key.endsWith('.json')) return [specifier, `${dir}/${key.slice(2)}`]
        return [specifier, `${dir}/src/${key.slice(2)}.ts`]
      })
    })
}

/**
 * Aliases that make every `@perpkit/*` import resolve to the package's source,
 * so tests run without a build. Derived from each package's `exports`, never
 * restated; exact matches, so `@perpkit/schemas/lite` is not read as a path
 * under `@perpkit/schemas`.
 */
export const sourceAliases: { find: RegExp; replacement: string }[] = sourceEntries().map(
  ([specifier, file]) => ({ find: new RegExp(`^${specifier}$`), replacement: file }),
)

/** The same entry points as a plain map, for tools that take one (esbuild). */
export const sourceAliasMap: Record<string, string> = Object.fromEntries(sourceEntries())
