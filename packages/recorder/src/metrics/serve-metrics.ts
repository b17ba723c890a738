/**
 * `--metrics-port`: an HTTP server with `GET /metrics` (the Prometheus text
 * format) and `GET /healthz` (200 when healthy, 503 when not, with a JSON
 * body saying why), for `worker` and `record`.
 *
 * @module
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RecorderError } from '../errors.ts'
import type { MetricsRegistry } from './registry.ts'

/** What `/healthz` answers. */
export interface Health {
  ok: boolean
  /** Anything worth showing: the last beat, the last round, the reason it is not ok. */
  [detail: string]: unknown
}

/** A running metrics server. */
export interface MetricsServer {
  /** `http://<host>:<port>`. */
  url: string
  close(): Promise<void>
}

/**
 * Checks `--metrics-port` (0 picks a free one) and `--metrics-host`.
 *
 * @param port - `--metrics-port`, or undefined for no server.
 * @param host - `--metrics-host`, or undefined for 127.0.0.1.
 * @returns The address, or undefined.
 */
export function parseMetricsFlags(
  port: string | undefined,
  host: string | undefined,
): { port: number; host: string } | undefined {
  if (port === undefined) {
    if (host !== undefined) throw new RecorderError('--metrics-host needs --metrics-port')
    return undefined
  }
  const n = Number(port)
  if (!/^\d+$/.test(port) || n > 65_535)
    throw new RecorderError(`--metrics-port must be a port (0-65535), got ${JSON.stringify(port)}`)
  return { port: n, host: host ?? '127.0.0.1' }
}

/**
 * Serves `/metrics` and `/healthz` until closed.
 *
 * @param address - Host and port.
 * @param registry - What `/metrics` renders.
 * @param health - What `/healthz` answers.
 * @returns The server.
 * @example
 * ```ts
 * import { createRegistry } from './registry.ts'
 *
 * const server = await serveMetrics({ host: '127.0.0.1', port: 0 }, createRegistry(), async () => ({ ok: true }))
 * console.log(`${server.url}/metrics`)
 * await server.close()
 * ```
 */
export async function serveMetrics(
  address: { host: string; port: number },
  registry: MetricsRegistry,
  health: () => Promise<Health>,
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const answer = async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end()
      } else if (path === '/metrics') {
        const text = await registry.render()
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text)
      } else if (path === '/healthz') {
        const state = await health()
        res
          .writeHead(state.ok ? 200 : 503, { 'content-type': 'application/json' })
          .end(`${JSON.stringify(state)}\n`)
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics or /healthz\n')
      }
    }
    answer().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(`${error instanceof Error ? error.message : String(error)}\n`)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new RecorderError(
          `--metrics-port ${address.port} on ${address.host}: ${error.code ?? error.message}`,
          1,
        ),
      ),
    )
    server.listen(address.port, address.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const host = address.host.includes(':') ? `[${address.host}]` : address.host
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
