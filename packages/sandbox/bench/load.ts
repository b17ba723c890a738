/**
 * The sandbox under load: autocannon at 100 and 500 connections against the
 * sandbox and against raw `node:http` sending the same bytes (precomputed),
 * each server in its own process, autocannon in this one. Cases: depth (100
 * levels a side), kline (500 one-minute candles) and details of the live
 * catalog (about 1,200 contracts, about 1 MB). Rounds alternate raw and
 * sandbox; each case reports, over the rounds, the median and min-max of the
 * sandbox/raw ratio of requests per second (wall) and of requests per
 * server CPU-second (`process.cpuUsage()` of the server process, the figure
 * that holds on a shared machine), the worst latency, and that every answer
 * was a 200 with the bytes checked before the run.
 *
 * Run: `cd packages/sandbox && npx tsx bench/load.ts` (`LOAD_ROUNDS`, `LOAD_SECONDS` to change
 * the 5 rounds of 4 s; `LOAD_CASES=depth,kline` to pick cases).
 */
import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from '@perpkit/bench-kit'
import autocannon from 'autocannon'

const NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789)
const NOW_SECONDS = Math.floor(NOW / 1000)
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 5)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 4)
const LOADS = [100, 500]

interface Server {
  url: string
  cpuMicros(): Promise<number>
  stop(): void
}

const serverFile = fileURLToPath(new URL('./load-server.ts', import.meta.url))

/** Starts `load-server.ts` in a fresh process (`--cpu-prof` when LOAD_CPU_PROF names a dir). */
function startServer(args: string[]): Promise<Server> {
  const profile = process.env.LOAD_CPU_PROF
  const child: ChildProcess = fork(serverFile, args, {
    execArgv: [
      '--import',
      'tsx',
      ...(profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`]),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)))
    child.once('message', (message: { url: string }) => {
      child.removeAllListeners('exit')
      resolve({
        url: message.url,
        cpuMicros: () =>
          new Promise((done) => {
            child.once('message', (reply: { cpuMicros: number }) => done(reply.cpuMicros))
            child.send('cpu')
          }),
        stop: () => child.disconnect(),
      })
    })
  })
}

interface Run {
  perSecond: number
  perCpuSecond: number
  maxLatencyMs: number
  bad: number
}

/** One autocannon run of `path` on `server`: requests per second, per server CPU-second. */
async function measure(server: Server, path: string, connections: number): Promise<Run> {
  // A short warm-up on the same connections count, so JIT and pools are settled.
  await autocannon({ url: `${server.url}${path}`, connections, duration: 1 })
  const before = await server.cpuMicros()
  const result = await autocannon({ url: `${server.url}${path}`, connections, duration: SECONDS })
  const cpu = ((await server.cpuMicros()) - before) / 1e6
  const total = result.requests.total
  return {
    perSecond: total / SECONDS,
    perCpuSecond: total / cpu,
    maxLatencyMs: result.latency.max,
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

const cases: { name: string; path: string; options: object }[] = [
  {
    name: 'depth, 100 levels a side',
    path: '/contract/public/depth?symbol=BTCUSDT',
    options: { depthLevels: 100 },
  },
  {
    name: 'kline, 500 x 1-minute candles',
    path: `/contract/public/kline?symbol=BTCUSDT&step=1&start_time=${NOW_SECONDS - 499 * 60}&end_time=${NOW_SECONDS}`,
    options: {},
  },
  {
    name: 'details, live catalog (1,200 contracts)',
    path: '/contract/public/details',
    options: { contracts: 'live' },
  },
]

const picked = process.env.LOAD_CASES?.split(',')
const dir = mkdtempSync(join(tmpdir(), 'sandbox-load-'))
const fmt = (n: number, digits = 2) => n.toFixed(digits)
const range = (values: number[]) =>
  `${fmt(median(values))} (${fmt(Math.min(...values))}-${fmt(Math.max(...values))})`

console.log(
  `\n### The sandbox under autocannon (${ROUNDS} rounds of ${SECONDS} s, raw and sandbox alternating)\n`,
)
console.log(
  '| case | connections | sandbox req/s | raw req/s | ratio req/s | ratio req/CPU-s | worst latency sandbox / raw (ms) | non-200 |',
)
console.log('|---|---|---|---|---|---|---|---|')
try {
  for (const { name, path, options } of cases) {
    if (picked !== undefined && !picked.some((key) => name.startsWith(key))) continue
    const sandbox = await startServer([
      'sandbox',
      JSON.stringify({ ...options, seed: 7, nowMs: NOW }),
    ])
    const body = Buffer.from(
      await (
        await fetch(`${sandbox.url}${path}`, { headers: { 'accept-encoding': 'identity' } })
      ).arrayBuffer(),
    )
    JSON.parse(body.toString()) // the bytes raw serves are a real, complete answer
    const bodies = join(dir, 'bodies.json')
    writeFileSync(bodies, JSON.stringify({ [path]: body.toString('base64') }))
    const raw = await startServer(['raw', bodies])
    try {
      for (const connections of LOADS) {
        const runs: { sandbox: Run; raw: Run }[] = []
        for (let round = 0; round < ROUNDS; round++) {
          const rawRun = await measure(raw, path, connections)
          const sandboxRun = await measure(sandbox, path, connections)
          runs.push({ raw: rawRun, sandbox: sandboxRun })
        }
        const ratio = (pick: (run: Run) => number) =>
          runs.map((run) => pick(run.sandbox) / pick(run.raw))
        console.log(
          `| ${name} | ${connections} | ${Math.round(median(runs.map((r) => r.sandbox.perSecond)))} | ${Math.round(median(runs.map((r) => r.raw.perSecond)))} | ${range(ratio((r) => r.perSecond))} | ${range(ratio((r) => r.perCpuSecond))} | ${Math.max(...runs.map((r) => r.sandbox.maxLatencyMs))} / ${Math.max(...runs.map((r) => r.raw.maxLatencyMs))} | ${runs.reduce((n, r) => n + r.sandbox.bad + r.raw.bad, 0)} |`,
        )
      }
    } finally {
      raw.stop()
      sandbox.stop()
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
