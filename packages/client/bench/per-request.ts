import { compareInterleaved } from '@perpkit/bench-kit'
import ky from 'ky'
import { createClient } from '../src/index.ts'
import { spawnSandbox } from './sandbox-process.ts'

/**
 * Per-request time of the client (validation and normalization included)
 * against global fetch + JSON.parse of the same URL, the sandbox in its own
 * process. ky + JSON.parse shows what ky alone adds.
 */
export async function benchPerRequest(): Promise<void> {
  const sandbox = await spawnSandbox(['--depth-levels', '100'])
  try {
    const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
    const now = Date.now()
    const klineParams = {
      symbol: 'BTCUSDT',
      step: 1,
      startTime: now - 499 * 60_000,
      endTime: now,
    } as const
    const urls = {
      depth: `${sandbox.url}/contract/public/depth?symbol=BTCUSDT`,
      kline: `${sandbox.url}/contract/public/kline?symbol=BTCUSDT&step=1&start_time=${Math.floor(
        klineParams.startTime / 1000,
      )}&end_time=${Math.floor(klineParams.endTime / 1000)}`,
    }
    const candles = await client.getKlines(klineParams)
    const book = await client.getDepth({ symbol: 'BTCUSDT' })
    if (candles.length < 499 || book.bids.length !== 100) {
      throw new Error(
        `unexpected payloads: ${candles.length} candles, ${book.bids.length} bid levels`,
      )
    }
    const raw = (url: string) => async () => JSON.parse(await (await fetch(url)).text())
    const viaKy = (url: string) => async () => JSON.parse(await ky(url, { retry: 0 }).text())

    await compareInterleaved({
      title: 'depth, 100 levels a side: per request',
      baseline: { name: 'fetch + JSON.parse', fn: raw(urls.depth) },
      cases: [
        { name: 'ky + JSON.parse', fn: viaKy(urls.depth) },
        {
          name: 'client.getDepth (validated, normalized)',
          fn: () => client.getDepth({ symbol: 'BTCUSDT' }),
          target: 1.15,
        },
      ],
    })
    await compareInterleaved({
      title: 'kline, 500 candles: per request',
      baseline: { name: 'fetch + JSON.parse', fn: raw(urls.kline) },
      cases: [
        { name: 'ky + JSON.parse', fn: viaKy(urls.kline) },
        {
          name: 'client.getKlines (validated, normalized)',
          fn: () => client.getKlines(klineParams),
          target: 1.15,
        },
      ],
    })
  } finally {
    await sandbox.stop()
  }
}
