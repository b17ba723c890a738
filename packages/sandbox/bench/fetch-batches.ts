/**
 * How many requests per second the sandbox serves, next to raw `node:http`
 * serving a precomputed buffer of the same size, in the same run and over the
 * same keep-alive fetch client (uncompressed on both sides): depth with 100
 * levels a side, K-lines of 500 one-minute candles (plus 500 weekly candles
 * and a fresh window per request, which misses the sandbox's refinement
 * cache), and details of the live catalog (about 1,200 contracts, about
 * 1 MB). Depth and K-lines are also measured on a sandbox with the live
 * catalog, interleaved with the default one, to show that the large catalog
 * does not slow the small default. Each measured call sends CONCURRENCY
 * requests at once and reads every body.
 *
 * Run: `cd packages/sandbox && npx tsx bench/fetch-batches.ts` (`pnpm bench` runs it after the load test)
 */
import { compareInterleaved } from '@perpkit/bench-kit'
import { startSandbox } from '../src/index.ts'
import { batch, bodyOf, CONCURRENCY, printRequestsPerSecond, startRaw } from './raw-server.ts'

const NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789)
const NOW_SECONDS = Math.floor(NOW / 1000)

const small = await startSandbox({
  depthLevels: 100,
  now: () => NOW,
  quiet: true,
  rateLimit: false,
})
const live = await startSandbox({
  depthLevels: 100,
  rateLimit: false,
  now: () => NOW,
  quiet: true,
  contracts: 'live',
})
const depthPath = '/contract/public/depth?symbol=BTCUSDT'
const klineQuery = (step: number, end: number) =>
  `symbol=BTCUSDT&step=${step}&start_time=${end - 499 * step * 60}&end_time=${end}`
const minutePath = `/contract/public/kline?${klineQuery(1, NOW_SECONDS)}`
const weekPath = `/contract/public/kline?${klineQuery(10080, NOW_SECONDS)}`
const detailsPath = '/contract/public/details'
let fresh = 0
const freshMinuteUrl = () => {
  // Cycle through 1000 adjacent windows (about 347 days, all after the listing): more hours
  // than the refinement cache holds, so every request computes its minutes afresh.
  fresh = (fresh + 1) % 1000
  return `${small.url}/contract/public/kline?${klineQuery(1, NOW_SECONDS - fresh * 500 * 60)}`
}

const bodies = new Map([
  ['/depth', await bodyOf(`${small.url}${depthPath}`)],
  ['/kline-1m', await bodyOf(`${small.url}${minutePath}`)],
  ['/kline-1w', await bodyOf(`${small.url}${weekPath}`)],
  ['/details-live', await bodyOf(`${live.url}${detailsPath}`)],
])
const raw = await startRaw(bodies)
const sizeOf = (key: string) => {
  const bytes = bodies.get(key)?.length ?? 0
  return bytes > 100_000 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KiB`
}
const rawCase = (key: string) => ({
  name: 'raw node:http, precomputed buffer',
  fn: () => batch(`${raw.url}${key}`),
})

// Warm both servers and the client (JIT, connection pool) before the first table.
for (let i = 0; i < 100; i++) {
  await batch(`${raw.url}/depth`)
  await batch(`${small.url}${depthPath}`)
  await batch(`${live.url}${depthPath}`)
  await batch(`${small.url}${minutePath}`)
  await batch(`${live.url}${minutePath}`)
  await batch(`${small.url}${weekPath}`)
}
for (let i = 0; i < 5; i++) await batch(`${live.url}${detailsPath}`)

const per = `${CONCURRENCY} concurrent requests per op`
try {
  printRequestsPerSecond(
    await compareInterleaved({
      title: `depth, 100 levels a side (${sizeOf('/depth')}), ${per}`,
      baseline: rawCase('/depth'),
      cases: [
        {
          name: 'sandbox, default catalog',
          fn: () => batch(`${small.url}${depthPath}`),
          target: 3,
        },
        { name: 'sandbox, live catalog', fn: () => batch(`${live.url}${depthPath}`), target: 3 },
      ],
    }),
  )
  printRequestsPerSecond(
    await compareInterleaved({
      title: `kline, 500 x 1-minute candles (${sizeOf('/kline-1m')}), ${per}`,
      baseline: rawCase('/kline-1m'),
      cases: [
        {
          name: 'sandbox, default catalog',
          fn: () => batch(`${small.url}${minutePath}`),
          target: 3,
        },
        { name: 'sandbox, live catalog', fn: () => batch(`${live.url}${minutePath}`), target: 3 },
      ],
    }),
  )
  printRequestsPerSecond(
    await compareInterleaved({
      title: `kline, 500 x 1-minute candles, fresh window per request, ${per}`,
      baseline: rawCase('/kline-1m'),
      cases: [{ name: 'sandbox, fresh window', fn: () => batch(freshMinuteUrl), target: 4 }],
    }),
  )
  printRequestsPerSecond(
    await compareInterleaved({
      title: `kline, 500 x 1-week candles (${sizeOf('/kline-1w')}), ${per}`,
      baseline: rawCase('/kline-1w'),
      cases: [
        { name: 'sandbox, step 10080', fn: () => batch(`${small.url}${weekPath}`), target: 4 },
      ],
    }),
  )
  printRequestsPerSecond(
    await compareInterleaved({
      title: `details of the live catalog, 1,200 contracts (${sizeOf('/details-live')}), ${per}`,
      baseline: rawCase('/details-live'),
      cases: [{ name: 'sandbox, live catalog', fn: () => batch(`${live.url}${detailsPath}`) }],
      // A sandbox call takes about a second: fewer, shorter rounds.
      rounds: 12,
      batch: 2,
      warmupRounds: 1,
    }),
  )
} finally {
  await Promise.all([small.close(), live.close()])
  raw.close()
}
