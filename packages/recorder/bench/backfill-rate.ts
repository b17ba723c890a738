import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '@perpkit/sandbox'
import { endpointRoutes, MAX_KLINES_PER_REQUEST } from '@perpkit/schemas/lite'
import { runCli } from '../src/index.ts'
import { int, printTable } from './table.ts'

/**
 * Candles per second backfilled at the client's default budget, against the
 * budget's floor per endpoint: 500 candles × 12 requests / 2 s = 3,000 candles/s.
 */
export async function benchBackfillRate(): Promise<void> {
  const budget = endpointRoutes['/contract/public/kline'].rateLimit
  const floor = (MAX_KLINES_PER_REQUEST * budget.limit * 1000) / budget.windowMs
  const sandbox = await startSandbox({
    seed: 7,
    quiet: true,
    rateLimit: false,
    now: () => Date.UTC(2026, 1, 1),
  })
  const dir = mkdtempSync(join(tmpdir(), 'recorder-bench-'))
  try {
    const rows: (string | number)[][] = []
    for (const datasets of ['kline', 'kline,markprice-kline']) {
      const db = join(dir, `${datasets}.duckdb`)
      let candles = 0
      const started = performance.now()
      await runCli(
        [
          'backfill',
          '--db',
          db,
          '--base-url',
          sandbox.url,
          '--symbols',
          'BTCUSDT,ETHUSDT',
          '--steps',
          '1m',
          '--from',
          '2026-01-01',
          '--to',
          '2026-01-11',
          '--datasets',
          datasets,
        ],
        {
          stdout: {
            write: (line) => {
              const event = JSON.parse(line) as { event: string; candles?: number }
              if (event.event === 'done') candles = event.candles ?? 0
            },
            isTTY: false,
          },
        },
      )
      const seconds = (performance.now() - started) / 1000
      const endpoints = datasets.split(',').length
      const perEndpoint = candles / seconds / endpoints
      rows.push([
        datasets,
        int(candles),
        seconds.toFixed(1),
        int(candles / seconds),
        int(perEndpoint),
        `${(perEndpoint / floor).toFixed(2)}x`,
      ])
    }
    printTable(
      `backfill at the default budget (floor ${int(floor)} candles/s per endpoint)`,
      ['datasets', 'candles', 's', 'candles/s', 'per endpoint', 'ratio to floor'],
      rows,
    )
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
