/**
 * A load loop: `connections` keep-alive connections, each sending signed POSTs back to back
 * for `durationMs` (every request signed afresh, so none is a replay), recording each
 * latency. @returns req/s, p50 and p99 latency, and non-200 answers.
 */
import { Agent, request } from 'node:http'
import { signRequestSync } from '../src/index.ts'

/** The key the benchmarked service accepts. */
export const benchCredentials = {
  apiKey: 'bench-key',
  secret: 'bench-secret-0123456789',
  memo: 'bench-memo',
}

function post(
  agent: Agent,
  port: number,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/orders',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** What one load run measured. */
export interface LoadResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  /** Server CPU time per request, µs (user + system, from the server's `/__cpu`). */
  cpuMicrosPerRequest: number
}

async function serverCpu(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/__cpu`)
  return ((await response.json()) as { micros: number }).micros
}

export async function runLoad(
  port: number,
  connections: number,
  durationMs: number,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  let sequence = 0
  const cpuBefore = await serverCpu(port)
  const end = performance.now() + durationMs
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const body = JSON.stringify({ symbol: 'BTCUSDT', price: '65000.5', n: ++sequence })
        const headers = signRequestSync({ method: 'POST', body, credentials: benchCredentials })
        const t = performance.now()
        const status = await post(agent, port, body, headers)
        latencies.push(performance.now() - t)
        if (status !== 200) errors++
      }
    }),
  )
  const elapsed = performance.now() - started
  agent.destroy()
  const cpuMicros = (await serverCpu(port)) - cpuBefore
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return {
    requestsPerSecond: (latencies.length / elapsed) * 1000,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors,
    cpuMicrosPerRequest: cpuMicros / Math.max(1, latencies.length),
  }
}
