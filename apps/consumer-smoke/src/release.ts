/**
 * The release itself, rehearsed: `changeset version` on a scratch copy of the workspace's
 * manifests and changesets, and `pnpm publish --dry-run` of every published package.
 *
 * @module
 */
import { cpSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { run } from './exec.ts'
import { type PublishedPackage, pnpmCommand, readManifest, workspaceRoot } from './packages.ts'

/** A package's version before and after `changeset version`. */
export interface VersionChange {
  name: string
  from: string
  to: string
}

/**
 * Copies what `changeset version` reads (workspace manifests, `pnpm-workspace.yaml`,
 * `.changeset/`) into `dir`, runs it there, and checks the outcome: no published package may
 * stay at `0.0.0` (it has no changeset), and a first release is `0.1.0` (its changesets must
 * add up to a minor bump, not a patch).
 *
 * @throws {Error} listing every package that breaks a rule.
 */
export async function rehearseVersion(
  dir: string,
  packages: PublishedPackage[],
): Promise<VersionChange[]> {
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset']) {
    cpSync(join(workspaceRoot, file), join(dir, file), { recursive: true })
  }
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(workspaceRoot, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue
      const from = join(workspaceRoot, group, entry.name, 'package.json')
      mkdirSync(join(dir, group, entry.name), { recursive: true })
      cpSync(from, join(dir, group, entry.name, 'package.json'))
    }
  }
  // changesets reads git history for commit links; a fresh repository is enough.
  await run('git', ['init', '-q'], { cwd: dir })
  const changeset = join(workspaceRoot, 'node_modules', '.bin', 'changeset')
  await run(changeset, ['version'], { cwd: dir })

  const changes = packages.map((pkg) => ({
    name: pkg.manifest.name,
    from: pkg.manifest.version,
    to: readManifest(join(dir, pkg.dir.slice(workspaceRoot.length))).version,
  }))
  const problems = changes.flatMap(({ name, from, to }) => {
    if (to === '0.0.0') return [`${name} stays at 0.0.0: it needs a changeset`]
    if (from === '0.0.0' && to !== '0.1.0') {
      return [`${name} would first release as ${to}, not 0.1.0: make one of its changesets minor`]
    }
    return []
  })
  if (problems.length > 0) throw new Error(problems.join('\n'))
  return changes
}

/**
 * `pnpm publish --dry-run` for every published package: packs and checks each manifest the
 * way a publish would, without a login and without reaching the registry (checked against an
 * unreachable registry URL).
 */
export async function dryRunPublish(packages: PublishedPackage[]): Promise<void> {
  const [npx, pnpm] = pnpmCommand()
  for (const pkg of packages) {
    const { stdout, stderr } = await run(
      npx,
      [...pnpm, 'publish', '--dry-run', '--no-git-checks'],
      { cwd: pkg.dir },
    )
    const published = `+ ${pkg.manifest.name}@${pkg.manifest.version}`
    if (!`${stdout}\n${stderr}`.includes(published)) {
      throw new Error(`${pkg.manifest.name}: dry run did not report ${published}\n${stdout}`)
    }
  }
}
