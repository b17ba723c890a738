import { spawnSandbox } from '@perpkit/bench-kit'
import { createClient } from '../src/index.ts'

const MB = 1024 * 1024

/**
 * One year of 1-minute candles through iterKlines, the sandbox in its own
 * process with rate limits off: candles per second, and memory along the way
 * (it must stay flat: candles are streamed, not kept).
 */
export async function benchYearOfCandles(): Promise<void> {
  const sandbox = await spawnSandbox()
  try {
    const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
    const endTime = Date.UTC(2026, 0, 1)
    const startTime = endTime - 365 * 86_400_000
    const samples: string[] = []
    let candles = 0
    let peakRss = 0
    globalThis.gc?.()
    const rssStart = process.memoryUsage().rss
    const started = performance.now()
    for await (const candle of client.iterKlines({
      symbol: 'BTCUSDT',
      step: '1m',
      startTime,
      endTime,
      concurrency: 4,
      onProgress: (p) => {
        const rss = process.memoryUsage().rss
        peakRss = Math.max(peakRss, rss)
        if (p.windowsDone % 263 === 0 || p.windowsDone === p.windowsTotal) {
          samples.push(
            `| ${p.windowsDone} / ${p.windowsTotal} | ${p.candles.toLocaleString('en-US')} | ${(rss / MB).toFixed(0)} MB | ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB |`,
          )
        }
      },
    })) {
      if (candle.timestamp >= startTime) candles++
    }
    const seconds = (performance.now() - started) / 1000
    console.log(`\n### one year of 1-minute candles via iterKlines (rate limits off)\n`)
    console.log(
      `${candles.toLocaleString('en-US')} candles in ${seconds.toFixed(1)} s: ${Math.round(candles / seconds).toLocaleString('en-US')} candles/s; RSS ${(rssStart / MB).toFixed(0)} MB at start, peak ${(peakRss / MB).toFixed(0)} MB\n`,
    )
    console.log('| windows | candles | RSS | heap used |\n|---:|---:|---:|---:|')
    console.log(samples.join('\n'))
  } finally {
    await sandbox.stop()
  }
}
