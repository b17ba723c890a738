/**
 * The page's server: the built files of `web/dist`, `/config.json` for the
 * page, and in archive mode the archive's JSON endpoints. Loopback only; GET
 * and HEAD only.
 *
 * @module
 */
import { createReadStream, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import {
  type ArchivePageConfig,
  CONFIG_PATH,
  type DashboardConfig,
} from '../../web/src/dashboard-config.ts'
import type { ArchiveApi, JsonReply } from './archive-api.ts'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
}

/** A running page server. */
export interface PageServer {
  /** `http://127.0.0.1:PORT/`. */
  url: string
  /** Stops listening and closes every connection. */
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(body)
}

/** The file under `root` a URL path names, or `null` outside it or when missing. */
function resolveFile(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const file = normalize(join(root, decoded === '/' ? 'index.html' : decoded))
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return null
  try {
    return statSync(file).isFile() ? file : null
  } catch {
    return null
  }
}

function sendJson(res: ServerResponse, reply: JsonReply, head: boolean): void {
  res.writeHead(reply.status, {
    'content-type': CONTENT_TYPES['.json'] as string,
    'cache-control': 'no-store',
  })
  res.end(head ? undefined : `${JSON.stringify(reply.body)}\n`)
}

function handle(
  root: string,
  config: string,
  api: ArchiveApi | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD')
    send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n')
    return
  }
  const url = new URL(req.url ?? '/', 'http://page')
  const { pathname } = url
  if (pathname === CONFIG_PATH) {
    send(res, 200, CONTENT_TYPES['.json'] as string, config)
    return
  }
  const reply = api?.(url) ?? null
  if (reply !== null) {
    reply.then(
      (answer) => sendJson(res, answer, req.method === 'HEAD'),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error)
        sendJson(res, { status: 500, body: { error: { reason: 'internal', message } } }, false)
      },
    )
    return
  }
  const file = resolveFile(root, pathname)
  if (file === null) {
    send(res, 404, 'text/plain; charset=utf-8', 'not found\n')
    return
  }
  const hashed = pathname.startsWith('/assets/')
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
  if (req.method === 'HEAD') res.end()
  else createReadStream(file).pipe(res)
}

/**
 * Serves the built page and its configuration on 127.0.0.1.
 *
 * @param options - The built page's folder, the configuration, the port
 *   (`0`: a free one), and in archive mode the archive's endpoints.
 * @returns The server, listening.
 */
export async function startPageServer(options: {
  root: string
  config: DashboardConfig | ArchivePageConfig
  port: number
  api?: ArchiveApi
}): Promise<PageServer> {
  const root = normalize(options.root)
  const config = `${JSON.stringify(options.config)}\n`
  const server = createServer((req, res) => handle(root, config, options.api, req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
