import { createReadStream, existsSync, statSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { startTestServer } from '@perpkit/test-kit'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** A running static server of the built site. */
export interface SiteServer {
  url: string
  close(): Promise<void>
}

/** Serves the files under `root` on a free 127.0.0.1 port (`/` is `index.html`). */
export async function serveSite(root: string): Promise<SiteServer> {
  const server = await startTestServer((req, res) => {
    // A malformed escape throws here: the test server drops that connection.
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = normalize(join(root, path))
    if (!file.startsWith(root)) {
      res.writeHead(403).end()
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  return { url: `${server.origin}/`, close: server.close }
}
