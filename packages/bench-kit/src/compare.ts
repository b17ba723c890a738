import { Bench } from 'tinybench'

/** One function to time. `target` is the largest acceptable time ratio to the baseline. */
export interface BenchCase {
  name: string
  fn: () => unknown
  /** Largest acceptable `time / baseline time` (e.g. 1.15); reported, never asserted. */
  target?: number
}

export interface CompareOptions {
  /** Heading of the printed table. */
  title: string
  /** What every other case is measured against, in the same run. */
  baseline: BenchCase
  cases: BenchCase[]
  /** Milliseconds spent on each case. @default 1000 */
  time?: number
}

/** A row of a printed table. */
export interface Row {
  name: string
  opsPerSec: number
  meanMs: number
  /** Mean time divided by the baseline's mean time; 1 for the baseline. */
  ratio: number
  target?: number
}

export interface CompareResult {
  title: string
  rows: Row[]
}

/**
 * Times the baseline and each case in one run (interleaved warm-up, same
 * process) and returns the rows with each case's time ratio to the baseline.
 */
export async function compare(options: CompareOptions): Promise<CompareResult> {
  const bench = new Bench({ time: options.time ?? 1000, warmupTime: 200 })
  const all = [options.baseline, ...options.cases]
  for (const c of all) bench.add(c.name, c.fn)
  await bench.run()
  const meanOf = (name: string): number => {
    const result = bench.getTask(name)?.result
    if (result?.state !== 'completed') {
      throw new Error(`benchmark "${name}" did not complete: ${result?.state ?? 'no result'}`)
    }
    return result.latency.mean
  }
  const base = meanOf(options.baseline.name)
  const rows = all.map((c) => ratioRow(c.name, meanOf(c.name), base, c.target))
  const result = { title: options.title, rows }
  console.log(formatTable(result))
  return result
}

/** Builds a row from a mean time (ms) and the baseline's mean time (ms). */
export function ratioRow(name: string, meanMs: number, baselineMs: number, target?: number): Row {
  return {
    name,
    opsPerSec: 1000 / meanMs,
    meanMs,
    ratio: meanMs / baselineMs,
    ...(target === undefined ? {} : { target }),
  }
}

/** Formats a result as a Markdown table: ops/s, mean, time ratio, target and verdict. */
export function formatTable({ title, rows }: CompareResult): string {
  const lines = [
    `\n### ${title}\n`,
    '| case | ops/s | mean | time ratio | target | |',
    '|---|---:|---:|---:|---:|---|',
  ]
  for (const row of rows) {
    const verdict = row.target === undefined ? '' : row.ratio <= row.target ? 'ok' : 'MISSED'
    lines.push(
      `| ${row.name} | ${fmt(row.opsPerSec, 0)} | ${formatMs(row.meanMs)} | ${row.ratio.toFixed(2)}x | ${
        row.target === undefined ? '' : `<= ${row.target}x`
      } | ${verdict} |`,
    )
  }
  return lines.join('\n')
}

function formatMs(ms: number): string {
  return ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`
}

function fmt(n: number, digits: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits })
}
