import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { sandboxProcess } from './sandbox-process.ts'
import { int, printTable } from './table.ts'
import type { Sample } from './year-rss-run.ts'

const MB = 1024 * 1024
const QUARTERS = [0, 0.25, 0.5, 0.75, 1]
/**
 * Flat: the highest RSS of the year's last quarter is at most this much above
 * the highest of its second quarter. Peaks, not two single samples: RSS is a
 * sawtooth (the write-ahead log fills DuckDB's memory until a checkpoint, every
 * ~16 MB of it), and two samples compare wherever each fell in its tooth.
 */
const FLAT = 0.05
/** The previous default buffer pool, against today's default (64 MB), in the same run. */
const LIMITS = ['256MB', 'default']

/** Least-squares slope of y over x. */
function slope(points: readonly [number, number][]): number {
  const n = points.length
  const mx = points.reduce((s, [x]) => s + x, 0) / n
  const my = points.reduce((s, [, y]) => s + y, 0) / n
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0)
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0)
  return sxx === 0 ? 0 : sxy / sxx
}

interface Run {
  samples: Sample[]
  candles: number
  total: number
  seconds: number
}

/** Runs year-rss-run.ts in a fresh process and returns its samples. */
function runYear(baseUrl: string, limit: string): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('year-rss-run.ts', import.meta.url)), baseUrl, limit],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`year-rss-run exited ${code}`))
      resolve(JSON.parse(out.trim().split('\n').at(-1) as string) as Run)
    })
  })
}

/**
 * RSS while a year of 1m candles (525,600) for one symbol is backfilled, with
 * a roomy budget so the run is bound by the recorder, not the pacing, once
 * per buffer-pool size, each in a fresh process (the sandbox in another one,
 * so the RSS is the recorder's). The first quarter holds the one-time costs
 * (code, DuckDB's write-ahead log and buffers filling up); flat means the
 * peak RSS of the last quarter is at most 5 % above the peak of the second
 * (see {@link FLAT}). The growth from the sample at 25 % to the last one, and
 * the slope (least squares from 25 % on), are printed too.
 */
export async function benchYearRss(): Promise<void> {
  const sandbox = await sandboxProcess()
  try {
    const rows: string[][] = []
    for (const limit of LIMITS) {
      const { samples, candles, total, seconds } = await runYear(sandbox.url, limit)
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
      const pct = (x: number) => `${(x * 100).toFixed(1)} %`
      const name = limit === 'default' ? '64MB (default)' : limit
      for (const f of QUARTERS) {
        const s = at(f)
        rows.push([
          name,
          `${f * 100} %`,
          int(s.candles),
          mb(s.rss),
          mb(s.heap),
          mb(s.external),
          mb(s.rss - s.heap - s.external),
        ])
      }
      const peak = (from: number, to: number) =>
        Math.max(
          ...samples
            .filter((s) => s.candles >= from * candles && s.candles <= to * candles)
            .map((s) => s.rss),
        )
      const growth = at(1).rss / at(0.25).rss - 1
      const peakGrowth = peak(0.75, 1) / peak(0.25, 0.5) - 1
      rows.push([
        name,
        `slope from 25 % on, MB a year; peak of the last quarter vs the second: ${pct(peakGrowth)} (${peakGrowth <= FLAT ? 'flat' : 'NOT flat'}); 25 % → 100 %: ${pct(growth)}; ${int(total)} windows in ${seconds.toFixed(0)} s`,
        '',
        mb(perYear((s) => s.rss)),
        mb(perYear((s) => s.heap)),
        mb(perYear((s) => s.external)),
        mb(perYear((s) => s.rss - s.heap - s.external)),
      ])
    }
    printTable(
      `RSS over a year of 1m candles for one symbol, per --memory-limit (flat: the last quarter's peak ≤ ${FLAT * 100} % above the second quarter's)`,
      [
        'memory limit',
        'progress',
        'candles',
        'RSS MB',
        'JS heap MB',
        'external MB',
        'other native MB',
      ],
      rows,
    )
  } finally {
    await sandbox.stop()
  }
}
