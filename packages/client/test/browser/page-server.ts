import { fileURLToPath } from 'node:url'
import { startTestServer } from '@perpkit/test-kit'
import { bundleInMemory } from '../../../../esbuild.shared.ts'
import { sourceAliasMap } from '../../../../vitest.shared.ts'

/** The page origin of the browser suite: one 127.0.0.1 port, the sandboxes on others. */
export interface PageServer {
  url: string
  close(): Promise<void>
}

/**
 * Bundles `page.ts` (and the client, from source) for the browser, and serves
 * it with an HTML page on a port of its own.
 *
 * @returns The page's URL.
 */
export async function startPageServer(): Promise<PageServer> {
  const { text: script } = await bundleInMemory({
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    platform: 'browser',
    target: 'chrome120',
    alias: sourceAliasMap,
  })
  const server = await startTestServer((req, res) => {
    if (req.url === '/page.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(script)
    } else {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(
        '<!doctype html><title>perpkit in a browser</title><script type="module" src="/page.js"></script>',
      )
    }
  })
  return { url: `${server.origin}/`, close: server.close }
}
