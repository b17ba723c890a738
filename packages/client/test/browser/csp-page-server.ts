import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startTestServer } from '@perpkit/test-kit'
import { build } from 'esbuild'
import { sourceAliasMap } from '../../../../vitest.shared.ts'

/** The page of the CSP suite, on a port of its own. */
export interface CspPageServer {
  url: string
  /** The scripts it serves, by name, and their size. */
  scripts: { name: string; bytes: number }[]
  close(): Promise<void>
}

/** The one policy of the page: scripts from its own origin only (so no eval either). */
export const POLICY = "script-src 'self'"

/**
 * Bundles `csp-page.ts` (and the client, from source) for the browser with
 * code splitting, and serves the chunks and an HTML page with {@link POLICY}.
 *
 * @returns The page's URL.
 */
export async function startCspPageServer(): Promise<CspPageServer> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./csp-page.ts', import.meta.url))],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    alias: sourceAliasMap,
    outdir: '/csp-page',
    write: false,
    logLevel: 'silent',
  })
  const files = new Map(result.outputFiles.map((file) => [`/${basename(file.path)}`, file.text]))
  const server = await startTestServer((req, res) => {
    const script = files.get(req.url ?? '')
    if (script !== undefined) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': POLICY })
      res.end(script)
    } else {
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': POLICY })
      res.end(
        '<!doctype html><title>perpkit under a strict CSP</title><script type="module" src="/csp-page.js"></script>',
      )
    }
  })
  return {
    url: `${server.origin}/`,
    scripts: [...files].map(([name, text]) => ({ name: join(name), bytes: text.length })),
    close: server.close,
  }
}
