/**
 * `export`: every dataset to Parquet or CSV, hive-partitioned by
 * dataset / symbol / date (UTC), through DuckDB's `COPY ... PARTITION_BY`.
 *
 * @module
 */
import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { commonFlags, commonHelp, parseFlags, parseMemoryLimit } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { datasets } from '../datasets.ts'
import { RecorderError } from '../errors.ts'
import { openStore } from '../store/open-store.ts'
import { selectDataset } from '../store/select-dataset.ts'

/** Help of `export`. */
export const exportHelp = `Usage: perpkit-recorder export --out <dir> [--format parquet|csv] [--db <file>]

Writes every dataset under <dir>/dataset=<name>/symbol=<symbol>/date=<YYYY-MM-DD>/,
as Parquet (default) or CSV with a header. Prices stay exact decimals; times are UTC ms.

Options:
  --out <dir>          Output directory (must be empty or absent)
  --format <f>         parquet (default) or csv
${commonHelp}`

const flags = {
  ...commonFlags,
  out: { type: 'string' },
  format: { type: 'string', default: 'parquet' },
} as const

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`

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
  const store = await openStore(values.db, {
    mustExist: true,
    memoryLimit: parseMemoryLimit(values['memory-limit']),
  })
  try {
    let total = 0
    for (const dataset of datasets) {
      const [count] = await store.all(`SELECT count(*) AS n FROM (${selectDataset(dataset)})`)
      const rows = Number(count?.n ?? 0)
      if (rows === 0) continue
      await store.run(
        `COPY (SELECT * EXCLUDE (time_), strftime(time_, '%Y-%m-%d') AS date FROM (${selectDataset(dataset)}))
         TO ${sqlString(out)} (FORMAT ${format}, PARTITION_BY (dataset, symbol, date), OVERWRITE_OR_IGNORE${
           format === 'csv' ? ', HEADER' : ''
         }, FILENAME_PATTERN ${sqlString(`${dataset.name}_{i}`)})`,
      )
      total += rows
      ctx.stdout.write(`${JSON.stringify({ event: 'exported', dataset: dataset.name, rows })}\n`)
    }
    ctx.stdout.write(`${JSON.stringify({ event: 'done', out, format, rows: total })}\n`)
    return 0
  } finally {
    store.close()
  }
}
