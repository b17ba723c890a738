/**
 * The published packages of the workspace (every `packages/*` that is not private), packed
 * with pnpm exactly as `pnpm publish` would pack them.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './exec.ts'

/** The workspace root. */
export const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** What the suite needs from a package manifest. */
export interface Manifest {
  name: string
  version: string
  private?: boolean
  exports?: Record<string, unknown>
  bin?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  packageManager?: string
}

/** A published package and, once packed, its tarball. */
export interface PublishedPackage {
  dir: string
  manifest: Manifest
  /** Entry points a consumer can import: `@perpkit/schemas`, `@perpkit/schemas/lite`... */
  entries: string[]
}

/** Reads a manifest. */
export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
}

/** Every non-private package under `packages/`, derived from the manifests, never listed. */
export function publishedPackages(): PublishedPackage[] {
  const packagesDir = join(workspaceRoot, 'packages')
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(packagesDir, entry.name))
    .map((dir) => ({ dir, manifest: readManifest(dir) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({
      dir,
      manifest,
      entries: Object.keys(manifest.exports ?? { '.': null })
        // Data files (`package.json`, the schemas' `openapi.json`) are not modules to import.
        .filter((key) => !key.endsWith('.json'))
        .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`)),
    }))
}

/**
 * The `@perpkit/*` packages `names` need at run time: themselves and, transitively, the
 * `@perpkit/*` entries of their `dependencies` (not optional peers).
 */
export function runtimeClosure(packages: PublishedPackage[], names: string[]): string[] {
  const byName = new Map(packages.map((pkg) => [pkg.manifest.name, pkg.manifest]))
  const seen = new Set<string>()
  const visit = (name: string): void => {
    if (seen.has(name)) return
    seen.add(name)
    for (const dep of Object.keys(byName.get(name)?.dependencies ?? {}))
      if (dep.startsWith('@perpkit/')) visit(dep)
  }
  for (const name of names) visit(name)
  return [...seen].sort()
}

/** Names of the private workspace packages (`packages/*` and `apps/*`): never a dependency of a published one. */
export function privatePackageNames(): Set<string> {
  const names = new Set<string>()
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(workspaceRoot, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue
      const manifest = readManifest(join(workspaceRoot, group, entry.name))
      if (manifest.private === true) names.add(manifest.name)
    }
  }
  return names
}

/** `pnpm` as the workspace pins it (`packageManager`), through npx. */
export function pnpmCommand(): [string, string[]] {
  const pinned = readManifest(workspaceRoot).packageManager ?? 'pnpm@10'
  return ['npx', ['-y', pinned]]
}

/**
 * Packs each package into `destination` (`workspace:` ranges become real versions, as in a
 * publish).
 *
 * @returns Package name → absolute tarball path.
 */
export async function packAll(
  packages: PublishedPackage[],
  destination: string,
): Promise<Map<string, string>> {
  const [npx, pnpm] = pnpmCommand()
  const tarballs = new Map<string, string>()
  for (const pkg of packages) {
    const { stdout } = await run(
      npx,
      [...pnpm, 'pack', '--pack-destination', destination, '--json'],
      { cwd: pkg.dir },
    )
    const { filename } = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { filename: string }
    tarballs.set(
      pkg.manifest.name,
      filename.startsWith('/') ? filename : join(destination, filename),
    )
  }
  return tarballs
}
