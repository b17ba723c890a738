/**
 * How many requests per second the sandbox serves, next to raw `node:http`
 * serving a precomputed buffer of the same size, in the same run and over the
 * same keep-alive fetch client: depth with 100 levels a side and K-lines of
 * 500 one-minute candles (plus 500 weekly candles and a fresh window per
 * request, which misses the sandbox's refinement cache). Each measured call
 * sends CONCURRENCY requests at once and reads every body.
 *
 * Run: `cd packages/sandbox && npx tsx bench/index.ts`
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CompareResult, compare } from '@perpkit/bench-kit'
import { startSandbox } from '../src/index.ts'

const CONCURRENCY = 8
const NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789)
const NOW_SECONDS = Math.floor(NOW / 1000)

async function batch(url: string | (() => string)): Promise<void> {
  const requests: Promise<ArrayBuffer>[] = []
  for (let i = 0; i < CONCURRENCY; i++) {
    const target = typeof url === 'string' ? url : url()
    requests.push(fetch(target).then((res) => res.arrayBuffer()))
  }
  await Promise.all(requests)
}

async function startRaw(bodies: Map<string, Buffer>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '') ?? Buffer.from('{}')
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

function printRequestsPerSecond(result: CompareResult): void {
  for (const row of result.rows) {
    const perSecond = Math.round(row.opsPerSec * CONCURRENCY).toLocaleString('en-US')
    console.log(`- ${row.name}: ${perSecond} requests/s`)
  }
}

const sandbox = await startSandbox({ depthLevels: 100, now: () => NOW, quiet: true })
const depthUrl = `${sandbox.url}/contract/public/depth?symbol=BTCUSDT`
const klineQuery = (step: number, end: number) =>
  `symbol=BTCUSDT&step=${step}&start_time=${end - 499 * step * 60}&end_time=${end}`
const minuteUrl = `${sandbox.url}/contract/public/kline?${klineQuery(1, NOW_SECONDS)}`
const weekUrl = `${sandbox.url}/contract/public/kline?${klineQuery(10080, NOW_SECONDS)}`
let fresh = 0
const freshMinuteUrl = () => {
  // Cycle through 1000 adjacent windows (about 347 days, all after the listing): more hours
  // than the refinement cache holds, so every request computes its minutes afresh.
  fresh = (fresh + 1) % 1000
  return `${sandbox.url}/contract/public/kline?${klineQuery(1, NOW_SECONDS - fresh * 500 * 60)}`
}

const bodyOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer())
const bodies = new Map([
  ['/depth', await bodyOf(depthUrl)],
  ['/kline-1m', await bodyOf(minuteUrl)],
  ['/kline-1w', await bodyOf(weekUrl)],
])
const raw = await startRaw(bodies)
const sizeOf = (key: string) => `${((bodies.get(key)?.length ?? 0) / 1024).toFixed(1)} KiB`

// Warm both servers and the client (JIT, connection pool) before the first table.
for (let i = 0; i < 100; i++) {
  await batch(`${raw.url}/depth`)
  await batch(depthUrl)
  await batch(minuteUrl)
  await batch(weekUrl)
}

try {
  printRequestsPerSecond(
    await compare({
      title: `depth, 100 levels a side (${sizeOf('/depth')}), ${CONCURRENCY} concurrent requests per op`,
      baseline: { name: 'raw node:http, precomputed buffer', fn: () => batch(`${raw.url}/depth`) },
      cases: [{ name: 'sandbox /contract/public/depth', fn: () => batch(depthUrl), target: 3 }],
    }),
  )
  printRequestsPerSecond(
    await compare({
      title: `kline, 500 x 1-minute candles (${sizeOf('/kline-1m')}), ${CONCURRENCY} concurrent requests per op`,
      baseline: {
        name: 'raw node:http, precomputed buffer',
        fn: () => batch(`${raw.url}/kline-1m`),
      },
      cases: [
        {
          name: 'sandbox /contract/public/kline, same window',
          fn: () => batch(minuteUrl),
          target: 3,
        },
        {
          name: 'sandbox /contract/public/kline, fresh window',
          fn: () => batch(freshMinuteUrl),
          target: 4,
        },
      ],
    }),
  )
  printRequestsPerSecond(
    await compare({
      title: `kline, 500 x 1-week candles (${sizeOf('/kline-1w')}), ${CONCURRENCY} concurrent requests per op`,
      baseline: {
        name: 'raw node:http, precomputed buffer',
        fn: () => batch(`${raw.url}/kline-1w`),
      },
      cases: [
        { name: 'sandbox /contract/public/kline, step 10080', fn: () => batch(weekUrl), target: 4 },
      ],
    }),
  )
} finally {
  await sandbox.close()
  raw.server.closeAllConnections()
  raw.server.close()
}
