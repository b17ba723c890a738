import { type BenchCase, type CompareResult, formatTable, ratioRow } from './compare.ts'
import { median } from './median.ts'

/** Options of {@link compareInterleaved}. */
export interface InterleavedOptions {
  title: string
  baseline: BenchCase
  cases: BenchCase[]
  /** Rounds; each runs every case `batch` times, in a rotating order. @default 60 */
  rounds?: number
  /** Calls per case per round. @default 20 */
  batch?: number
  /** Untimed rounds first, to warm up JIT and connections. @default 5 */
  warmupRounds?: number
}

/**
 * Times cases in interleaved rounds (A B C, B C A, C A B...) and reports each
 * case's median per-call time: slow drift of the machine (other processes,
 * GC, a server in another process warming up) hits every case alike, which
 * back-to-back runs of one case at a time do not guarantee.
 */
export async function compareInterleaved(options: InterleavedOptions): Promise<CompareResult> {
  const all = [options.baseline, ...options.cases]
  const rounds = options.rounds ?? 60
  const batch = options.batch ?? 20
  const samples: number[][] = all.map(() => [])
  const warmup = options.warmupRounds ?? 5
  for (let round = -warmup; round < rounds; round++) {
    for (let k = 0; k < all.length; k++) {
      const index = (k + Math.max(round, 0)) % all.length
      const c = all[index] as BenchCase
      const started = performance.now()
      for (let i = 0; i < batch; i++) await c.fn()
      if (round >= 0) samples[index]?.push((performance.now() - started) / batch)
    }
  }
  const means = samples.map(median)
  const base = means[0] as number
  const rows = all.map((c, i) => ratioRow(c.name, means[i] as number, base, c.target))
  const result = { title: `${options.title} (interleaved, median of ${rounds} rounds)`, rows }
  console.log(formatTable(result))
  return result
}
