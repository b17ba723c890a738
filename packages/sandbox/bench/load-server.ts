/**
 * A server for the load benchmark, in its own process: the sandbox with the options given as
 * JSON (`sandbox '{"depthLevels":100}'`), or raw `node:http` serving the bodies of a JSON file
 * (`raw /tmp/bodies.json`, path to base64 body). The sandbox is the build (`dist/`) when there
 * is one, as users run it. Sends its URL over IPC; answers the `cpu`
 * message with its CPU time so far (`process.cpuUsage()`, µs) and its peak RSS (VmHWM, kB).
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { startSandbox as StartSandbox } from '../src/index.ts'
import { startRaw } from './raw-server.ts'

// The built sandbox, as users run it (`pnpm bench` builds first); the sources otherwise.
const built = new URL('../dist/index.js', import.meta.url)
const { startSandbox } = (await import(
  existsSync(fileURLToPath(built)) ? built.href : '../src/index.ts'
)) as { startSandbox: typeof StartSandbox }

function peakRssKb(): number {
  const status = readFileSync('/proc/self/status', 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
}

const [kind = '', argument = '{}'] = process.argv.slice(2)
let url: string
let close: () => Promise<void> | void
if (kind === 'raw') {
  const entries = Object.entries(
    JSON.parse(readFileSync(argument, 'utf8')) as Record<string, string>,
  )
  const raw = await startRaw(
    new Map(entries.map(([path, body]) => [path, Buffer.from(body, 'base64')])),
  )
  url = raw.url
  close = raw.close
} else {
  const { nowMs, ...options } = JSON.parse(argument) as { nowMs?: number }
  const now = nowMs === undefined ? {} : { now: () => nowMs }
  // Rate limits off: a load test sends far more than the live budgets.
  const sandbox = await startSandbox({ quiet: true, rateLimit: false, ...options, ...now })
  url = sandbox.url
  close = () => sandbox.close()
}
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send?.({ cpuMicros: user + system, peakRssKb: peakRssKb() })
  }
})
process.once('disconnect', () => void Promise.resolve(close()).then(() => process.exit(0)))
process.send?.({ url })
