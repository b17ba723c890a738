/** One commit of the range, reduced to what the changeset check needs. */
export interface CommitChanges {
  /** Abbreviated hash and subject, for the report. */
  hash: string
  subject: string
  /** Published packages whose shipped sources the commit changed. */
  changed: string[]
  /**
   * Packages named by the changesets the commit added or edited. A changeset that names no
   * package (`pnpm changeset --empty`) declares "no release needed" and covers every package.
   */
  covered: string[] | 'all'
}

/** A package whose latest source changes no changeset accounts for. */
export interface UncoveredPackage {
  name: string
  /** The commits that changed its sources after its last changeset, oldest first. */
  commits: CommitChanges[]
}

/**
 * Which packages changed after the last changeset that names them. `commits` is oldest first;
 * a changeset covers the changes of its own commit and of every commit before it, so a source
 * change may come with its changeset or be followed by one, but not follow it.
 */
export function uncoveredPackages(commits: CommitChanges[]): UncoveredPackage[] {
  const pending = new Map<string, CommitChanges[]>()
  for (const commit of commits) {
    for (const name of commit.changed) pending.set(name, [...(pending.get(name) ?? []), commit])
    if (commit.covered === 'all') pending.clear()
    else for (const name of commit.covered) pending.delete(name)
  }
  return [...pending].map(([name, changes]) => ({ name, commits: changes }))
}

/**
 * The package names in a changeset's frontmatter (`"@perpkit/client": minor`).
 *
 * @returns The names, or `[]` for an empty changeset; `undefined` when the file has no
 *   frontmatter at all (not a changeset).
 */
export function changesetPackages(text: string): string[] | undefined {
  const match = /^---\r?\n([\s\S]*?)^---\s*$/m.exec(text)
  if (!match || text.slice(0, match.index).trim()) return undefined
  return [
    ...(match[1] ?? '').matchAll(/^\s*["']?([^"':\s]+)["']?\s*:\s*(major|minor|patch)\s*$/gm),
  ].map((line) => line[1] as string)
}
