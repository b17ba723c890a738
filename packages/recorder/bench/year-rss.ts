import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '@perpkit/sandbox'
import { runCli } from '../src/index.ts'
import { int, printTable } from './table.ts'

const MB = 1024 * 1024

/**
 * RSS while a year of 1m candles (525,600) for one symbol is backfilled, with
 * a roomy budget so the run is bound by the recorder, not the pacing. Flat
 * means the last sample is close to the one at 10 %.
 */
export async function benchYearRss(): Promise<void> {
  const sandbox = await startSandbox({ seed: 7, quiet: true, now: () => Date.UTC(2026, 1, 1) })
  const dir = mkdtempSync(join(tmpdir(), 'recorder-bench-'))
  const samples: { done: number; total: number; rss: number }[] = []
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
            const event = JSON.parse(line) as { event: string; done?: number; total?: number }
            if (event.event === 'window' && event.done !== undefined && event.total !== undefined)
              samples.push({ done: event.done, total: event.total, rss: process.memoryUsage().rss })
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
      samples[
        Math.min(samples.length - 1, Math.floor(samples.length * fraction))
      ] as (typeof samples)[number]
    const base = at(0.1).rss
    printTable(
      `RSS over a year of 1m candles for one symbol (${int(samples.length)} windows, ${seconds.toFixed(0)} s, sandbox in the same process)`,
      ['progress', 'RSS MB', 'ratio to 10 %'],
      [0.1, 0.25, 0.5, 0.75, 1].map((f) => [
        `${f * 100} %`,
        (at(f).rss / MB).toFixed(0),
        `${(at(f).rss / base).toFixed(2)}x`,
      ]),
    )
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
