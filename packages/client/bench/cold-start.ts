import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { formatSpread, type Spread, spawnSandbox, spreadOf } from '@perpkit/bench-kit'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const here = fileURLToPath(new URL('..', import.meta.url))
const MB = 1024 * 1024

/** What one fresh process reports. */
interface Sample {
  /** CPU time (user + system) from process start to the first result, ms: the verdict. */
  firstResultCpuMs: number
  /** Wall time from process start to the first result, ms (for information). */
  firstResultMs: number
  /**
   * Peak resident memory of the process, bytes (`VmHWM`), or `null` where
   * `/proc/self/status` does not exist.
   */
  peakRss: number | null
  /** Resident memory when the script ends, bytes. */
  rss: number
  /** Time spent in garbage collection, ms (measured in the runs of many requests only). */
  gcMs: number
}

/** How each contender imports itself, makes a client and fetches one depth (`url` is the base URL). */
const contenders: Record<string, (requests: number) => string> = {
  '@perpkit/client (dist)': (requests) => `
    const { createClient } = await import(${JSON.stringify(pathToFileURL(`${here}dist/index.js`).href)})
    const client = createClient({ baseUrl: url, rateLimit: false })
    for (let i = 0; i < ${requests}; i++) await client.getDepth({ symbol: 'BTCUSDT' })`,
  // The client's own ky instance and call, without perpkit's layers: where ky itself is the floor.
  'ky as the client configures it': (requests) => `
    const dist = ${JSON.stringify(pathToFileURL(`${here}dist/`).href)}
    const { createTransport, kyFetch } = await import(dist + 'transport.js')
    const { resolveOptions } = await import(dist + 'resolve-options.js')
    const transport = createTransport(resolveOptions({ baseUrl: url, rateLimit: false }))
    const hop = { url: url + '/contract/public/depth?symbol=BTCUSDT', method: 'GET', query: '' }
    for (let i = 0; i < ${requests}; i++) {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), 10_000)
      try {
        JSON.parse(await (await kyFetch(transport, hop, undefined, controller.signal)).text())
      } finally {
        clearTimeout(timer)
      }
    }`,
  // The same, with the zod schemas imported first: what the client's first call cost when it
  // loaded them (before issue #36), and what a refusal still costs.
  'ky + @perpkit/schemas (zod) imported': (requests) => `
    await import(${JSON.stringify(pathToFileURL(`${here}../schemas/dist/index.js`).href)})
    ${(contenders['ky as the client configures it'] as (requests: number) => string)(requests)}`,
  '@bitmartexchange/bitmart-node-sdk-api': (requests) => `
    const { BitmartFuturesAPI } = (await import(${JSON.stringify(
      pathToFileURL(require.resolve('@bitmartexchange/bitmart-node-sdk-api')).href,
    )})).default
    const quiet = { info() {}, log() {}, warn() {}, error() {} }
    const sdk = new BitmartFuturesAPI({ baseURL: url, logger: quiet })
    for (let i = 0; i < ${requests}; i++) await sdk.getDepth('BTCUSDT')`,
  'fetch + JSON.parse (no SDK)': (requests) => `
    for (let i = 0; i < ${requests}; i++) JSON.parse(await (await fetch(url + '/contract/public/depth?symbol=BTCUSDT')).text())`,
}

/** Sums the process's GC pauses (Node's `gc` performance entries); left out of cold starts. */
const countGc = `let gcMs = 0
  const sum = (entries) => { for (const entry of entries) gcMs += entry.duration }
  const gc = new PerformanceObserver((list) => sum(list.getEntries()))
  gc.observe({ entryTypes: ['gc'] })`

/**
 * The process's peak resident memory, read after the measured part. Not
 * `process.resourceUsage().maxRSS`: on Linux a child's maxRSS starts at its
 * parent's RSS at `fork` and keeps it across `exec`, so every child of this
 * bench (itself some 80 MB by then) reported the bench's size, not its own.
 * `VmHWM` is the high-water mark of the process image, which `exec` starts afresh.
 */
const readPeakRss = `let peakRss = null
  try {
    const status = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8')
    const hwm = /^VmHWM:\\s*(\\d+) kB$/m.exec(status)
    if (hwm) peakRss = Number(hwm[1]) * 1024
  } catch {}`

async function sample(body: string, url: string, requests: number): Promise<Sample> {
  const script = `const url = ${JSON.stringify(url)}
    ${requests > 1 ? countGc : 'const gc = undefined; let gcMs = 0'}
    ${body}
    const cpuAtFirst = process.cpuUsage()
    const firstResultMs = performance.now()
    const firstResultCpuMs = (cpuAtFirst.user + cpuAtFirst.system) / 1000
    if (gc) { sum(gc.takeRecords()); gc.disconnect() }
    ${readPeakRss}
    process.stdout.write(JSON.stringify({ firstResultCpuMs, firstResultMs, peakRss, rss: process.memoryUsage().rss, gcMs }))`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: here,
  })
  return JSON.parse(stdout) as Sample
}

/** Megabytes, or why there is no figure. */
function mb(bytes: number | null): string {
  return bytes === null ? 'n/a (no /proc/self/status)' : `${(bytes / MB).toFixed(1)} MB`
}

/** Each contender's samples, `runs` fresh processes each, in a rotating order. */
async function measure(url: string, requests: number, runs: number) {
  const names = Object.keys(contenders)
  const samples = new Map<string, Sample[]>(names.map((name) => [name, []]))
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + r) % names.length] as string
      const body = (contenders[name] as (requests: number) => string)(requests)
      samples.get(name)?.push(await sample(body, url, requests))
    }
  }
  return names.map((name) => ({ name, samples: samples.get(name) ?? [] }))
}

type Measured = Awaited<ReturnType<typeof measure>>[number]

/** A measure of each run of `c` divided by the same measure of `of` in the same run. */
function ratios(c: Measured, of: Measured, pick: (s: Sample) => number | null): Spread | null {
  const values: number[] = []
  for (const [i, s] of c.samples.entries()) {
    const a = pick(s)
    const b = of.samples[i] && pick(of.samples[i] as Sample)
    if (a === null || b === null || b === undefined) return null
    values.push(a / b)
  }
  return spreadOf(values)
}

const verdictOf = (isPerpkit: boolean, spread: Spread | null, target: number) =>
  !isPerpkit || spread === null
    ? ''
    : ` ${spread.median <= target ? 'ok' : 'MISSED'} (<= ${target}x)`

/**
 * Cold start, side by side in fresh processes: import, create a client, fetch
 * one depth (CPU time from process start to the first result, the verdict;
 * wall beside it; peak memory from `VmHWM`); then RSS and GC time after 2,000
 * depth requests, next to plain fetch. Two floors run alongside: ky as the
 * client configures it, and the same with the zod schemas imported first.
 */
export async function benchColdStart(runs = 15, requests = 2000): Promise<void> {
  const sandbox = await spawnSandbox(['--depth-levels', '100'])
  try {
    const cold = await measure(sandbox.url, 1, runs)
    const official =
      cold.find((c) => c.name.startsWith('@bitmartexchange')) ?? (cold[3] as Measured)
    console.log(
      `\n### cold start: import, create, fetch one depth (fresh processes, median of ${runs} runs, range)\n`,
    )
    console.log(
      '| contender | CPU to the first result | vs official SDK | wall (information) | peak RSS (VmHWM) | vs official SDK |',
    )
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const c of cold) {
      const isPerpkit = c.name.startsWith('@perpkit')
      const cpu = ratios(c, official, (s) => s.firstResultCpuMs)
      const memory = ratios(c, official, (s) => s.peakRss)
      const peak = spreadOf(c.samples.map((s) => s.peakRss ?? Number.NaN))
      console.log(
        `| ${c.name} | ${formatSpread(spreadOf(c.samples.map((s) => s.firstResultCpuMs)), 0, ' ms')} | ${
          cpu ? formatSpread(cpu) : 'n/a'
        }${verdictOf(isPerpkit, cpu, 0.9)} | ${spreadOf(c.samples.map((s) => s.firstResultMs)).median.toFixed(0)} ms | ${
          c.samples.some((s) => s.peakRss === null)
            ? mb(null)
            : formatSpread(scale(peak, MB), 1, ' MB')
        } | ${memory ? formatSpread(memory) : 'n/a'}${verdictOf(isPerpkit, memory, 1.05)} |`,
      )
    }
    // RSS at the end falls anywhere in the heap's sawtooth: more runs than the cold start's fifth.
    const warm = await measure(sandbox.url, requests, Math.max(7, Math.floor(runs / 2)))
    const plain = warm.find((c) => c.name.startsWith('fetch')) ?? (warm[4] as Measured)
    const ky = warm.find((c) => c.name.startsWith('ky as')) ?? plain
    console.log(
      `\n### RSS after ${requests.toLocaleString('en-US')} depth requests (fresh processes, median of ${warm[0]?.samples.length} runs, range)\n`,
    )
    console.log('| contender | RSS at the end | vs plain fetch | peak RSS | GC time | GC vs ky |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const c of warm) {
      const rss = ratios(c, plain, (s) => s.rss)
      const gc = ratios(c, ky, (s) => s.gcMs)
      console.log(
        `| ${c.name} | ${formatSpread(scale(spreadOf(c.samples.map((s) => s.rss)), MB), 1, ' MB')} | ${
          rss ? formatSpread(rss) : 'n/a'
        }${verdictOf(c.name.startsWith('@perpkit'), rss, 1.05)} | ${mb(
          spreadOf(c.samples.map((s) => s.peakRss ?? Number.NaN)).median,
        )} | ${spreadOf(c.samples.map((s) => s.gcMs)).median.toFixed(0)} ms | ${
          gc ? `${gc.median.toFixed(2)}x` : 'n/a'
        } |`,
      )
    }
  } finally {
    await sandbox.stop()
  }
}

function scale(spread: Spread, by: number): Spread {
  return { ...spread, median: spread.median / by, min: spread.min / by, max: spread.max / by }
}
