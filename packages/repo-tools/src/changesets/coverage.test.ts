import { describe, expect, it } from 'vitest'
import { type CommitChanges, changesetPackages, uncoveredPackages } from './coverage.ts'

function commit(hash: string, changed: string[], covered: CommitChanges['covered'] = []) {
  return { hash, subject: hash, changed, covered }
}

describe('uncoveredPackages', () => {
  it('accepts a source change that comes with its changeset in the same commit', () => {
    expect(uncoveredPackages([commit('a', ['@p/client'], ['@p/client'])])).toEqual([])
  })

  it('accepts a changeset added after the source change', () => {
    expect(uncoveredPackages([commit('a', ['@p/client']), commit('b', [], ['@p/client'])])).toEqual(
      [],
    )
  })

  it('reports the changes made after the last changeset of the package', () => {
    const late = commit('c', ['@p/client'])
    const result = uncoveredPackages([commit('a', ['@p/client'], ['@p/client']), late])
    expect(result).toEqual([{ name: '@p/client', commits: [late] }])
  })

  it('does not count a changeset for another package', () => {
    const change = commit('a', ['@p/client', '@p/signer'], ['@p/signer'])
    expect(uncoveredPackages([change]).map(({ name }) => name)).toEqual(['@p/client'])
  })

  it('takes an empty changeset as "no release needed" for the changes before it', () => {
    const after = commit('c', ['@p/signer'])
    expect(uncoveredPackages([commit('a', ['@p/client']), commit('b', [], 'all'), after])).toEqual([
      { name: '@p/signer', commits: [after] },
    ])
  })
})

describe('changesetPackages', () => {
  it('reads the package names of the frontmatter, quoted or not', () => {
    const text = '---\n"@perpkit/client": minor\n\'@perpkit/signer\': patch\n---\n\nText.\n'
    expect(changesetPackages(text)).toEqual(['@perpkit/client', '@perpkit/signer'])
  })

  it('reads an empty changeset as no packages, and a plain Markdown file as no changeset', () => {
    expect(changesetPackages('---\n---\n\nRefactor only.\n')).toEqual([])
    expect(changesetPackages('# Changesets\n\n---\n')).toBeUndefined()
  })
})
