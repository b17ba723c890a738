/**
 * `export`: every dataset to Parquet or CSV, hive-partitioned by
 * dataset / symbol / date (UTC), through DuckDB's `COPY ... PARTITION_BY`.
 *
 * @module
 */
import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  commonFlags,
  commonHelp,
  parseFlags,
  parseMemoryLimit,
  parseWait,
  waitFlags,
  waitHelp,
} from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { explainStorageErrors } from '../duckdb/storage-error.ts'
import { RecorderError } from '../errors.ts'
import { exportArchive } from '../one-machine/export-archive.ts'
import { openForReading } from '../one-machine/open-for-reading.ts'

/** Help of `export`. */
export const exportHelp = `Usage: perpkit-recorder export --out <dir> [--format parquet|csv] [--db <file>]

Writes every dataset under <dir>/<dataset>/symbol=<symbol>/date=<YYYY-MM-DD>/ (one root
per dataset, so a reader pointed at a root reads one schema) and the gap rows under
<dir>/gaps/, as Parquet (default) or CSV with a header: the shared tree's layout. Prices stay
exact decimals; Parquet times are UTC instants in milliseconds. Written a batch of dates at a
time, so the default --memory-limit holds any archive.

Options:
  --out <dir>          Output directory (must be empty or absent)
  --format <f>         parquet (default) or csv
${waitHelp}
${commonHelp}`

const flags = {
  ...commonFlags,
  ...waitFlags,
  out: { type: 'string' },
  format: { type: 'string', default: 'parquet' },
} as const

/**
 * Runs `export`.
 *
 * @param argv - Its arguments.
 * @param ctx - Output.
 * @returns The exit code.
 */
export async function runExport(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${exportHelp}\n`)
    return 0
  }
  if (values.out === undefined) throw new RecorderError('--out <dir> is required')
  const format = values.format
  if (format !== 'parquet' && format !== 'csv')
    throw new RecorderError(`--format must be parquet or csv, got ${JSON.stringify(format)}`)
  const out = resolve(values.out)
  if (existsSync(out) && readdirSync(out).length > 0)
    throw new RecorderError(`--out ${values.out} is not empty: choose a new directory`)
  const memoryLimit = parseMemoryLimit(values['memory-limit'])
  const store = await openForReading(values.db, { waitMs: parseWait(values.wait), memoryLimit })
  try {
    let total = 0
    // A full disk under --out, no memory left: one line naming the path and the flag that helps.
    await explainStorageErrors({ file: values.db, memoryLimit, out }, () =>
      exportArchive(store, out, format, ({ dataset, rows }) => {
        total += rows
        ctx.stdout.write(`${JSON.stringify({ event: 'exported', dataset, rows })}\n`)
      }),
    )
    ctx.stdout.write(`${JSON.stringify({ event: 'done', out, format, rows: total })}\n`)
    return 0
  } finally {
    store.close()
  }
}
