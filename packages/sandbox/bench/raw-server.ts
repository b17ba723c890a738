/**
 * The benchmarks' baseline: raw `node:http` serving precomputed buffers, and
 * the keep-alive fetch batches both servers are measured with.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CompareResult } from '@perpkit/bench-kit'

/** Requests in flight per measured call. */
export const CONCURRENCY = 8

/**
 * Sends CONCURRENCY requests at once and reads every body. `identity` asks
 * for uncompressed bodies (fetch otherwise asks for gzip), so that both
 * servers send the same bytes.
 */
export async function batch(url: string | (() => string)): Promise<void> {
  const requests: Promise<ArrayBuffer>[] = []
  for (let i = 0; i < CONCURRENCY; i++) {
    const target = typeof url === 'string' ? url : url()
    const init = { headers: { 'accept-encoding': 'identity' } }
    requests.push(fetch(target, init).then((res) => res.arrayBuffer()))
  }
  await Promise.all(requests)
}

/** Fetches a body as the benchmarks receive it (uncompressed). */
export async function bodyOf(url: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
  return Buffer.from(await res.arrayBuffer())
}

/** Starts raw node:http serving `bodies` by path. */
export async function startRaw(
  bodies: Map<string, Buffer>,
): Promise<{ url: string; close: () => void }> {
  const server: Server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '') ?? Buffer.from('{}')
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

/** Prints each row of a comparison as requests per second. */
export function printRequestsPerSecond(result: CompareResult): void {
  for (const row of result.rows) {
    const perSecond = Math.round(row.opsPerSec * CONCURRENCY).toLocaleString('en-US')
    console.log(`- ${row.name}: ${perSecond} requests/s`)
  }
}
