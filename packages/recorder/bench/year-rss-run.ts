/**
 * One run of the RSS benchmark, in a process of its own so no earlier run's
 * memory sits in its samples: `tsx year-rss-run.ts <base-url> <memory-limit | default>`.
 * Backfills a year of 1m candles for one symbol and prints the samples as one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { runCli } from '../src/index.ts'

/** A full collection before each sample, so the JS heap is what is live, not what awaits a GC. */
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** One sample of the process's memory. */
export interface Sample {
  candles: number
  rss: number
  heap: number
  /** ArrayBuffers and other memory V8 knows native objects hold. */
  external: number
}

function sample(candles: number): Sample {
  gc()
  const m = process.memoryUsage()
  return { candles, rss: m.rss, heap: m.heapUsed, external: m.external }
}

const [baseUrl = '', limit = 'default'] = process.argv.slice(2)
const dir = mkdtempSync(join(tmpdir(), 'recorder-bench-'))
const samples: Sample[] = [sample(0)]
let candles = 0
let total = 0
try {
  const started = performance.now()
  await runCli(
    [
      'backfill',
      '--db',
      join(dir, 'year.duckdb'),
      '--base-url',
      baseUrl,
      '--symbols',
      'BTCUSDT',
      '--steps',
      '1m',
      '--from',
      '2025-01-01',
      '--to',
      '2026-01-01',
      '--datasets',
      'kline',
      ...(limit === 'default' ? [] : ['--memory-limit', limit]),
    ],
    {
      stdout: {
        write: (line) => {
          const event = JSON.parse(line) as {
            event: string
            done?: number
            total?: number
            candles?: number
          }
          if (event.event !== 'window' || event.total === undefined) return
          total = event.total
          candles += event.candles ?? 0
          // One sample per ~2 % of the windows, and the last one.
          const every = Math.max(1, Math.floor(total / 50))
          if ((event.done ?? 0) % every === 0 || event.done === total) samples.push(sample(candles))
        },
        isTTY: false,
      },
      clientOptions: {
        rateLimit: { budgets: { '/contract/public/kline': { limit: 1_000_000, windowMs: 1000 } } },
      },
    },
  )
  const seconds = (performance.now() - started) / 1000
  process.stdout.write(`${JSON.stringify({ samples, candles, total, seconds })}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
