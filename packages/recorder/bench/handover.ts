import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from '@perpkit/bench-kit'
import { openStore } from '../src/one-machine/open-store.ts'
import { int, printTable } from './table.ts'

const SIZES = [100_000, 1_000_000, 4_000_000]
const RUNS = 5
const run = fileURLToPath(new URL('handover-run.ts', import.meta.url))

interface Sample {
  open: number
  write: number
  close: number
  closeBytes: number
}

/**
 * What a reader costs a running recorder: while nobody reads, `record` holds
 * the archive; each time a reader waits, it closes the file (DuckDB
 * checkpoints its write-ahead log, rewriting the blocks of the tables and
 * indexes that changed) and opens it again for its next round. Measured on
 * archives of 0.1, 1 and 4 million trades, in fresh processes (median of 5
 * with min–max, CPU time), against the round's own write.
 */
export async function benchHandover(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recorder-bench-'))
  try {
    const rows: (string | number)[][] = []
    for (const size of SIZES) {
      const base = join(dir, `base-${size}.duckdb`)
      const store = await openStore(base, { memoryLimit: '2GB' })
      await store.run(`INSERT INTO trades SELECT 'S' || (i % 3), make_timestamp_ms(1700000000000 + i * 100),
        (60000 + i % 1000)::DECIMAL(38,18), (i % 7 + 1)::DECIMAL(38,18), (i % 13 + 1)::DECIMAL(38,18),
        i % 2 = 0, 0 FROM range(${size}) t(i)`)
      store.close()
      const samples: Sample[] = []
      for (let i = 0; i < RUNS; i++) {
        const file = join(dir, `run-${size}-${i}.duckdb`)
        copyFileSync(base, file)
        const out = execFileSync(process.execPath, ['--import', 'tsx', run, file, String(size)], {
          encoding: 'utf8',
        })
        samples.push(JSON.parse(out) as Sample)
        rmSync(file)
      }
      const cell = (pick: (s: Sample) => number, digits = 1) => {
        const xs = samples.map(pick)
        return `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`
      }
      rows.push([
        int(size),
        cell((s) => s.write),
        cell((s) => s.close),
        cell((s) => s.open),
        cell((s) => s.closeBytes / 1e6, 2),
      ])
    }
    printTable(
      `a hand-over to a reader: what the recorder spends closing and reopening the archive (CPU ms, median of ${RUNS} fresh processes, min–max)`,
      [
        'trades stored',
        'the round’s write',
        'close (checkpoint)',
        'open again',
        'MB written by the close',
      ],
      rows,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
