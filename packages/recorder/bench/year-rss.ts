import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { runCli } from '../src/index.ts'
import { sandboxProcess } from './sandbox-process.ts'
import { int, printTable } from './table.ts'

const MB = 1024 * 1024
const QUARTERS = [0, 0.25, 0.5, 0.75, 1]

/** A full collection before each sample, so the JS heap is what is live, not what awaits a GC. */
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

interface Sample {
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

/** Least-squares slope of y over x. */
function slope(points: readonly [number, number][]): number {
  const n = points.length
  const mx = points.reduce((s, [x]) => s + x, 0) / n
  const my = points.reduce((s, [, y]) => s + y, 0) / n
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0)
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0)
  return sxx === 0 ? 0 : sxy / sxx
}

/**
 * RSS while a year of 1m candles (525,600) for one symbol is backfilled, with
 * a roomy budget so the run is bound by the recorder, not the pacing. The
 * sandbox runs in a child process, so the RSS is the recorder's. Flat means
 * the least-squares slope from 25 % on is near zero; the first quarter holds
 * the one-time costs (code, DuckDB's write-ahead log and buffers filling up).
 */
export async function benchYearRss(): Promise<void> {
  const sandbox = await sandboxProcess()
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
        sandbox.url,
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
            if ((event.done ?? 0) % every === 0 || event.done === total)
              samples.push(sample(candles))
          },
          isTTY: false,
        },
        clientOptions: {
          rateLimit: {
            budgets: { '/contract/public/kline': { limit: 1_000_000, windowMs: 1000 } },
          },
        },
      },
    )
    const seconds = (performance.now() - started) / 1000
    const at = (fraction: number) =>
      samples.reduce((best, s) =>
        Math.abs(s.candles - fraction * candles) < Math.abs(best.candles - fraction * candles)
          ? s
          : best,
      )
    const warm = samples.filter((s) => s.candles >= candles / 4)
    const perYear = (pick: (s: Sample) => number) =>
      slope(warm.map((s) => [s.candles, pick(s)])) * 525_600
    const mb = (bytes: number) => (bytes / MB).toFixed(0)
    printTable(
      `RSS over a year of 1m candles for one symbol (${int(candles)} candles, ${int(total)} windows, ${seconds.toFixed(0)} s, sandbox in a child process)`,
      ['progress', 'candles', 'RSS MB', 'JS heap MB', 'external MB', 'other native MB'],
      [
        ...QUARTERS.map((f) => {
          const s = at(f)
          return [
            `${f * 100} %`,
            int(s.candles),
            mb(s.rss),
            mb(s.heap),
            mb(s.external),
            mb(s.rss - s.heap - s.external),
          ]
        }),
        [
          'slope from 25 % on, MB per year of candles',
          '',
          mb(perYear((s) => s.rss)),
          mb(perYear((s) => s.heap)),
          mb(perYear((s) => s.external)),
          mb(perYear((s) => s.rss - s.heap - s.external)),
        ],
      ],
    )
  } finally {
    await sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
