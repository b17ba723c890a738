/**
 * A link checker for a built static site, offline: every `href` and `src` of every HTML page
 * must name a file of the site, and every `#fragment` an element id (or anchor name) of the
 * page it points to. Links that leave the site (`https:`, `mailto:`...) are not followed.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** A link that points nowhere. */
interface BrokenLink {
  /** The page holding the link, relative to the site root. */
  page: string
  /** The link as written. */
  href: string
  /** Why it is broken. */
  reason: 'missing file' | 'missing fragment'
}

/** What a check found. */
export interface LinkReport {
  pages: number
  /** Links followed inside the site. */
  checked: number
  broken: BrokenLink[]
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return htmlFiles(path)
    return path.endsWith('.html') ? [path] : []
  })
}

function decode(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'")
}

/** Ids and anchor names of a page, read once per page. */
function anchorsOf(file: string, cache: Map<string, Set<string>>): Set<string> {
  let anchors = cache.get(file)
  if (anchors === undefined) {
    const html = readFileSync(file, 'utf8')
    anchors = new Set(
      [...html.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((match) => decode(match[1] ?? '')),
    )
    cache.set(file, anchors)
  }
  return anchors
}

/** Options of {@link checkLinks}. */
export interface CheckLinksOptions {
  /**
   * Pages (relative to the root) whose element ids a script creates in the browser, so their
   * fragments cannot be checked on the file: typedoc's `hierarchy.html` is drawn from
   * `assets/hierarchy.js`. The page itself must still exist.
   * @default []
   */
  scriptedPages?: readonly string[]
}

/**
 * Checks every internal link of the site under `root`.
 *
 * @param root - The directory of the built site.
 * @param options - Pages whose fragments are created by scripts.
 * @returns Pages and links seen, and every broken link.
 */
export function checkLinks(root: string, options: CheckLinksOptions = {}): LinkReport {
  const scripted = new Set((options.scriptedPages ?? []).map((page) => resolve(root, page)))
  const pages = htmlFiles(root)
  const anchorCache = new Map<string, Set<string>>()
  const broken: BrokenLink[] = []
  let checked = 0
  for (const page of pages) {
    const html = readFileSync(page, 'utf8')
    for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const href = decode(match[1] ?? '')
      if (href === '' || external.test(href)) continue
      checked++
      const [pathPart = '', fragment] = href.split('#', 2)
      const path = decodeURIComponent(pathPart.split('?')[0] ?? '')
      let target = path === '' ? page : resolve(dirname(page), path)
      if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.html')
      const where = relative(root, page)
      if (!existsSync(target)) {
        broken.push({ page: where, href, reason: 'missing file' })
      } else if (fragment && target.endsWith('.html') && !scripted.has(target)) {
        if (!anchorsOf(target, anchorCache).has(decodeURIComponent(fragment))) {
          broken.push({ page: where, href, reason: 'missing fragment' })
        }
      }
    }
  }
  return { pages: pages.length, checked, broken }
}
