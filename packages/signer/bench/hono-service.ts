/**
 * A Hono service on Node under 200 keep-alive connections sending signed POSTs: with the
 * README's `verifyRequest` middleware against the same service reading the body without
 * verification. The service runs in its own process; the load loop (which signs every
 * request in both runs) in this one. Reported as ratios to the plain service, same run; the
 * server's CPU time per request is the steadier figure on a machine shared with other work.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { type LoadResult, runLoad } from './load.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const connections = 200
const durationMs = 5000

async function measure(mode: 'signed' | 'plain'): Promise<LoadResult> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/hono-server.ts', mode],
    {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  try {
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer]
    const { port } = JSON.parse(chunk.toString()) as { port: number }
    await runLoad(port, connections, 1000) // warm-up
    return await runLoad(port, connections, durationMs)
  } finally {
    child.kill()
  }
}

/** Runs both services in turn and prints the Markdown table. */
export async function benchHonoService(): Promise<void> {
  const plain = await measure('plain')
  const signed = await measure('signed')
  const row = (name: string, r: LoadResult) =>
    `| ${name} | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${(r.requestsPerSecond / plain.requestsPerSecond).toFixed(2)}x | ${r.p50Ms.toFixed(1)} ms | ${r.p99Ms.toFixed(1)} ms | ${(r.p99Ms / plain.p99Ms).toFixed(2)}x | ${Math.round(r.cpuMicrosPerRequest)} µs | ${(r.cpuMicrosPerRequest / plain.cpuMicrosPerRequest).toFixed(2)}x | ${r.errors} |`
  console.log(
    `\n### Hono on Node, ${connections} connections, ${durationMs / 1000} s of signed POSTs\n`,
  )
  console.log(
    '| service | req/s | req/s ratio | p50 | p99 | p99 ratio | server CPU/req | CPU ratio | non-200 |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
  console.log(row('without verification (baseline)', plain))
  console.log(row('with verifyRequest middleware', signed))
}
