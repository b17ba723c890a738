import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { type CommitChanges, changesetPackages } from './coverage.ts'

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function tryGit(root: string, ...args: string[]): string | undefined {
  try {
    return git(root, ...args).trim()
  } catch {
    return undefined
  }
}

/** A package that is released: not private, not ignored in `.changeset/config.json`. */
export interface PublishedPackage {
  name: string
  /** Repository-relative directory, `packages/client`. */
  dir: string
}

/** The packages a changeset can name, read from the manifests. */
export function publishedPackages(root: string): PublishedPackage[] {
  const config = JSON.parse(readFileSync(`${root}/.changeset/config.json`, 'utf8')) as {
    ignore?: string[]
  }
  const ignored = new Set(config.ignore ?? [])
  return ['packages', 'apps'].flatMap((group) =>
    readdirSync(`${root}/${group}`, { withFileTypes: true }).flatMap((entry) => {
      if (!entry.isDirectory()) return []
      const dir = `${group}/${entry.name}`
      let manifest: { name?: string; private?: boolean }
      try {
        manifest = JSON.parse(readFileSync(`${root}/${dir}/package.json`, 'utf8'))
      } catch {
        return []
      }
      if (!manifest.name || manifest.private || ignored.has(manifest.name)) return []
      return [{ name: manifest.name, dir }]
    }),
  )
}

/** Where the range to check starts, and why that commit. */
export interface Base {
  /** A commit, or undefined for the whole history. */
  commit: string | undefined
  reason: string
}

/**
 * The start of the range to check:
 *
 * 1. `explicit` (from `CHANGESET_BASE` or `--base`), when given;
 * 2. on a branch that has left `main`, the merge base with `main` (a pull request's commits);
 * 3. on `main` itself (CI's fresh clone), the newer of the last release (the newest commit
 *    that deleted changesets, which `changeset version` does: everything after it is
 *    unreleased) and the commit that introduced this check (history written before the rule
 *    was enforced is not judged by it);
 * 4. with neither in the history (a shallow clone), every commit fetched.
 */
export function findBase(root: string, explicit: string | undefined): Base {
  if (explicit) return { commit: git(root, 'rev-parse', explicit).trim(), reason: explicit }
  const head = git(root, 'rev-parse', 'HEAD').trim()
  for (const main of ['origin/main', 'main']) {
    const mergeBase = tryGit(root, 'merge-base', 'HEAD', main)
    if (mergeBase && mergeBase !== head)
      return { commit: mergeBase, reason: `merge base with ${main}` }
  }
  const release = tryGit(
    root,
    'log',
    '-1',
    '--format=%H',
    '--diff-filter=D',
    '--',
    ...changesetFiles,
  )
  const introduced = tryGit(root, 'log', '--format=%H', '--diff-filter=A', '--', checkSource)
    ?.split('\n')
    .at(-1)
  if (release && introduced) {
    const releaseIsNewer =
      tryGit(root, 'merge-base', '--is-ancestor', introduced, release) !== undefined
    return releaseIsNewer
      ? { commit: release, reason: 'the last release' }
      : { commit: introduced, reason: 'the commit that introduced this check' }
  }
  if (release) return { commit: release, reason: 'the last release' }
  if (introduced) return { commit: introduced, reason: 'the commit that introduced this check' }
  return { commit: undefined, reason: 'every commit fetched' }
}

/** This check's entry point: where the history it judges begins. */
const checkSource = 'packages/repo-tools/src/check-changesets.ts'

const changesetFiles = [':(glob).changeset/*.md', ':(exclude).changeset/README.md']

function isShipped(path: string, pkg: PublishedPackage): boolean {
  return path.startsWith(`${pkg.dir}/src/`) && !/\.test(-d)?\.ts$/.test(path)
}

/**
 * The commits after `base` up to HEAD, oldest first, each with the published packages whose
 * shipped sources (`src/`, tests excluded) it changed and the packages its changesets name.
 * Follows the first parent, so a merged branch counts as its merge commit.
 */
export function readHistory(
  root: string,
  base: string | undefined,
  packages: PublishedPackage[],
): CommitChanges[] {
  const range = base ? `${base}..HEAD` : 'HEAD'
  const raw = git(
    root,
    'log',
    '--reverse',
    '--first-parent',
    '-m',
    '--no-renames',
    '--format=%x00%h%x09%s',
    '--name-status',
    range,
  )
  return raw
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const [header = '', ...lines] = entry.split('\n')
      const [hash = '', subject = ''] = header.split('\t')
      const files = lines
        .filter(Boolean)
        .map((line) => line.split('\t') as [status: string, path: string])
      const changed = packages
        .filter((pkg) => files.some(([, path]) => isShipped(path, pkg)))
        .map((pkg) => pkg.name)
      const covered: string[] = []
      let coversAll = false
      for (const [status, path] of files) {
        if (!/^[AM]/.test(status) || !/^\.changeset\/[^/]+\.md$/.test(path)) continue
        if (path === '.changeset/README.md') continue
        const names = changesetPackages(git(root, 'show', `${hash}:${path}`))
        if (names?.length === 0) coversAll = true
        // An edited changeset covers only the packages the edit adds to it.
        const before = status.startsWith('M')
          ? changesetPackages(tryGit(root, 'show', `${hash}^1:${path}`) ?? '')
          : undefined
        covered.push(...(names ?? []).filter((name) => !before?.includes(name)))
      }
      return { hash, subject, changed, covered: coversAll ? 'all' : covered }
    })
}

/** Whether the clone has only part of the history (CI's `--depth`). */
export function isShallow(root: string): boolean {
  return tryGit(root, 'rev-parse', '--is-shallow-repository') === 'true'
}
