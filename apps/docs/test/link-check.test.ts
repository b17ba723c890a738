import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkLinks } from '../src/link-check.ts'

const roots: string[] = []

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** A scratch site of `files` (path → HTML) in the temp directory, removed after the file. */
function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'perpkit-links-'))
  roots.push(root)
  for (const [name, html] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true })
    writeFileSync(join(root, name), html)
  }
  return root
}

describe('checkLinks', () => {
  it('accepts links to existing pages, assets and element ids, and skips external links', () => {
    const root = site({
      'index.html':
        '<a href="docs/a.html#install">a</a> <img src="assets/logo.svg"> <a href="https://x.y/z">x</a>',
      'docs/a.html':
        '<h2 id="install">Install</h2><a href="../index.html">home</a><a href="#install">self</a>',
      'assets/logo.svg': '<svg/>',
    })
    expect(checkLinks(root)).toEqual({ pages: 2, checked: 4, broken: [] })
  })

  it('reports a link to a missing page and a link to a missing fragment', () => {
    const root = site({
      'index.html': '<a href="docs/gone.html">gone</a> <a href="docs/a.html#nowhere">frag</a>',
      'docs/a.html': '<h2 id="install">Install</h2>',
    })
    expect(checkLinks(root).broken).toEqual([
      { page: 'index.html', href: 'docs/gone.html', reason: 'missing file' },
      { page: 'index.html', href: 'docs/a.html#nowhere', reason: 'missing fragment' },
    ])
  })

  it('checks only that a scripted page exists, not its fragments', () => {
    const root = site({
      'index.html': '<a href="tree.html#made-by-js">tree</a> <a href="gone.html#x">gone</a>',
      'tree.html': '<script src="tree.js"></script>',
      'tree.js': '',
    })
    expect(checkLinks(root, { scriptedPages: ['tree.html', 'gone.html'] }).broken).toEqual([
      { page: 'index.html', href: 'gone.html#x', reason: 'missing file' },
    ])
  })
})
