import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { median, spawnSandbox } from '@perpkit/bench-kit'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const here = fileURLToPath(new URL('..', import.meta.url))
const MB = 1024 * 1024

/** What one fresh process reports. */
interface Sample {
  /** From process start to the first result, ms. */
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
    const client = createClient({ baseUrl: url, rateLimit: ${requests === 1} })
    for (let i = 0; i < ${requests}; i++) await client.getDepth({ symbol: 'BTCUSDT' })`,
  // The client's own ky instance and call, without perpkit's layers: where ky itself is the floor.
  'ky as the client configures it': (requests) => `
    const dist = ${JSON.stringify(pathToFileURL(`${here}dist/`).href)}
    const { createTransport, kyFetch } = await import(dist + 'transport.js')
    const { resolveOptions } = await import(dist + 'options.js')
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
  // The same, with the schemas (and so zod) imported first: the floor of any client that
  // validates with them, and how much of perpkit's cold start and memory is that import.
  'ky + @perpkit/schemas imported': (requests) => `
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
    const firstResultMs = performance.now()
    if (gc) { sum(gc.takeRecords()); gc.disconnect() }
    ${readPeakRss}
    process.stdout.write(JSON.stringify({ firstResultMs, peakRss, rss: process.memoryUsage().rss, gcMs }))`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: here,
  })
  return JSON.parse(stdout) as Sample
}

/** The median of samples that all have a value, else `null`. */
function medianOrNull(values: (number | null)[]): number | null {
  return values.every((v) => v !== null) ? median(values as number[]) : null
}

/** Megabytes, or why there is no figure. */
function mb(bytes: number | null): string {
  return bytes === null ? 'n/a (no /proc/self/status)' : `${(bytes / MB).toFixed(1)} MB`
}

/** Runs every contender `runs` times in fresh processes, in a rotating order; medians per contender. */
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
  return names.map((name) => {
    const of = samples.get(name) ?? []
    return {
      name,
      firstResultMs: median(of.map((s) => s.firstResultMs)),
      peakRss: medianOrNull(of.map((s) => s.peakRss)),
      rss: median(of.map((s) => s.rss)),
      gcMs: median(of.map((s) => s.gcMs)),
    }
  })
}

/**
 * Cold start, side by side in fresh processes: import, create a client, fetch
 * one depth (time from process start to the first result, and peak memory);
 * then RSS and GC time after 2,000 depth requests, next to plain fetch. Two floors run
 * alongside: ky as the client configures it, and the same with the schemas
 * (zod with them) imported first, so the table shows how much of perpkit's
 * time and memory is ky and how much is loading its validation.
 */
export async function benchColdStart(runs = 15, requests = 2000): Promise<void> {
  const sandbox = await spawnSandbox(['--depth-levels', '100'])
  try {
    const cold = await measure(sandbox.url, 1, runs)
    const official = cold.find((c) => c.name.startsWith('@bitmartexchange')) ?? cold[2]!
    console.log(
      `\n### cold start: import, create, fetch one depth (fresh processes, median of ${runs})\n`,
    )
    console.log('| contender | first result | vs official SDK | peak RSS | vs official SDK |')
    console.log('|---|---:|---:|---:|---:|')
    for (const c of cold) {
      const time = c.firstResultMs / official.firstResultMs
      const verdict = (ratio: number, target: number) =>
        c.name.startsWith('@perpkit') ? ` ${ratio <= target ? 'ok' : 'MISSED'} (<= ${target}x)` : ''
      const memory =
        c.peakRss === null || official.peakRss === null
          ? 'n/a'
          : `${(c.peakRss / official.peakRss).toFixed(2)}x${verdict(c.peakRss / official.peakRss, 1.1)}`
      console.log(
        `| ${c.name} | ${c.firstResultMs.toFixed(0)} ms | ${time.toFixed(2)}x${verdict(time, 1)} | ${mb(c.peakRss)} | ${memory} |`,
      )
    }
    // RSS at the end falls anywhere in the heap's sawtooth: more runs than the cold start's fifth.
    const warm = await measure(sandbox.url, requests, Math.max(7, Math.floor(runs / 2)))
    const plain = warm.find((c) => c.name.startsWith('fetch')) ?? warm[3]!
    console.log(
      `\n### RSS after ${requests.toLocaleString('en-US')} depth requests (fresh processes)\n`,
    )
    const ky = warm.find((c) => c.name.startsWith('ky as')) ?? plain
    console.log('| contender | RSS at the end | vs plain fetch | peak RSS | GC time | GC vs ky |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const c of warm) {
      const ratio = c.rss / plain.rss
      const verdict = c.name.startsWith('@perpkit')
        ? ` ${ratio <= 1.1 ? 'ok' : 'MISSED'} (<= 1.1x)`
        : ''
      console.log(
        `| ${c.name} | ${(c.rss / MB).toFixed(1)} MB | ${ratio.toFixed(2)}x${verdict} | ${mb(c.peakRss)} | ${c.gcMs.toFixed(0)} ms | ${(c.gcMs / ky.gcMs).toFixed(2)}x |`,
      )
    }
  } finally {
    await sandbox.stop()
  }
}
