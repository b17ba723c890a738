/**
 * `pnpm check:changesets`: every change to the shipped sources of a published package is
 * accounted for by a changeset.
 *
 * What it checks: in the commits after a base (see `findBase`: `CHANGESET_BASE` or
 * `--base <ref>`, else the merge base with main, else the last release), every published
 * package (not private, not ignored in `.changeset/config.json`) whose `src/` changed
 * (test files excluded) is named by a `.changeset/*.md` added or edited in the same commit
 * or a later one. A change that follows the package's last changeset fails, so a second
 * change cannot shelter under the first one's changeset. An empty changeset
 * (`pnpm changeset --empty`) says "no release needed" for everything before it: the way
 * to land a refactor that users cannot see.
 *
 * What it does not check: uncommitted work, whether the bump level fits, or whether the
 * text describes the change; reviewers judge those.
 */

import { uncoveredPackages } from './changesets/coverage.ts'
import { findBase, isShallow, publishedPackages, readHistory } from './changesets/git-history.ts'
import { repoRoot } from './repo-root.ts'

const flag = process.argv.indexOf('--base')
const explicit = (flag === -1 ? undefined : process.argv[flag + 1]) ?? process.env.CHANGESET_BASE
const base = findBase(repoRoot, explicit || undefined)
const commits = readHistory(repoRoot, base.commit, publishedPackages(repoRoot))
const uncovered = uncoveredPackages(commits)

const from = base.commit ? base.commit.slice(0, 9) : 'the first commit'
console.log(`Checked ${commits.length} commit(s) since ${from} (${base.reason}).`)
if (isShallow(repoRoot)) console.log('Note: shallow clone; only the commits fetched are checked.')
for (const { name, commits: changes } of uncovered) {
  console.log(`\n${name}: sources changed with no changeset after them:`)
  for (const { hash, subject } of changes) console.log(`  ${hash} ${subject}`)
}
if (uncovered.length > 0) {
  console.log(
    '\nAdd one with `pnpm changeset` (or `pnpm changeset --empty` when users see no change).',
  )
  process.exitCode = 1
}
