import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url))

/**
 * Aliases that make every `@perpkit/*` import resolve to the package's source,
 * so tests run without a build. Derived from the folders, never restated.
 */
export const sourceAliases: Record<string, string> = Object.fromEntries(
  readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [`@perpkit/${entry.name}`, `${packagesDir}${entry.name}/src/index.ts`]),
)
