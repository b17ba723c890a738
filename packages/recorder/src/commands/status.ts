/**
 * `status`: coverage per dataset × symbol (× step for candles): first, last,
 * rows, gaps, last write.
 *
 * @module
 */
import { commonFlags, commonHelp, parseFlags, parseMemoryLimit } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { datasets } from '../datasets.ts'
import { openStore } from '../store/open-store.ts'
import { selectDataset } from '../store/select-dataset.ts'
import { printScaleStatus } from './status-scale.ts'

/** Help of `status`. */
export const statusHelp = `Usage: perpkit-recorder status [--db <file>] [--json]
       perpkit-recorder status [--redis <url>] [--out <dir>] [--queue <name>] [--json]

Coverage per dataset × symbol (× step for candles): first, last, rows, gaps, last write.
Gaps are holes between stored candles, and gap rows written by record when trades were lost.

With --redis and/or --out (the multi-machine setup): the queue's job counts, and per series of
the Parquet tree: first, last, rows, duplicates (left for compact), holes, files.

Options:
  --json               JSON lines even on a TTY
  --redis <url>        Read the queue's job counts from this Redis
  --queue <name>       Queue name (default perpkit-recorder)
  --out <dir>          Read the coverage of this Parquet tree
${commonHelp}`

const flags = {
  ...commonFlags,
  json: { type: 'boolean', default: false },
  redis: { type: 'string' },
  out: { type: 'string' },
  queue: { type: 'string' },
} as const

/** One line of the status report. */
interface StatusRow {
  dataset: string
  symbol: string
  step: number | null
  first: string | null
  last: string | null
  rows: number
  gaps: number
  lastWrite: string | null
}

function statusSql(): string {
  const parts = datasets
    .filter((d) => d.kind !== 'candles')
    .map(
      (
        d,
      ) => `SELECT dataset, symbol, NULL::INTEGER AS step, min(time_) AS first, max(time_) AS last,
        count(*) AS n, 0 AS holes FROM (${selectDataset(d)}) GROUP BY dataset, symbol`,
    )
  const candles = `SELECT dataset, symbol, step, min(open_time) AS first, max(open_time) AS last, count(*) AS n,
      count(*) FILTER (WHERE epoch_ms(open_time) - epoch_ms(prev) > step * 60000) AS holes
    FROM (SELECT dataset, symbol, step, open_time,
            lag(open_time) OVER (PARTITION BY dataset, symbol, step ORDER BY open_time) AS prev
          FROM candles) GROUP BY dataset, symbol, step`
  return `WITH s AS (${[candles, ...parts].join(' UNION ALL ')})
    SELECT s.dataset, s.symbol, s.step, strftime(s.first, '%Y-%m-%dT%H:%M:%S.%gZ') AS first,
      strftime(s.last, '%Y-%m-%dT%H:%M:%S.%gZ') AS last, s.n AS rows,
      s.holes + (SELECT count(*) FROM gaps g WHERE g.dataset = s.dataset AND g.symbol = s.symbol) AS gaps,
      strftime(greatest(w.last_write, c.fetched_at), '%Y-%m-%dT%H:%M:%S.%gZ') AS last_write
    FROM s LEFT JOIN writes w ON w.dataset = s.dataset AND w.symbol = s.symbol
    LEFT JOIN (SELECT dataset, symbol, max(fetched_at) AS fetched_at FROM coverage GROUP BY ALL) c
      ON c.dataset = s.dataset AND c.symbol = s.symbol
    ORDER BY s.dataset, s.symbol, s.step`
}

/**
 * Reads the status rows of an open archive.
 *
 * @param all - The store's query function.
 * @returns One row per series.
 */
async function readStatus(
  all: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<StatusRow[]> {
  return (await all(statusSql())).map((r) => ({
    dataset: String(r.dataset),
    symbol: String(r.symbol),
    step: r.step === null ? null : Number(r.step),
    first: (r.first as string | null) ?? null,
    last: (r.last as string | null) ?? null,
    rows: Number(r.rows),
    gaps: Number(r.gaps),
    lastWrite: (r.last_write as string | null) ?? null,
  }))
}

/**
 * Runs `status`.
 *
 * @param argv - Its arguments.
 * @param ctx - Output.
 * @returns The exit code.
 */
export async function runStatus(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${statusHelp}\n`)
    return 0
  }
  if (values.redis !== undefined || values.out !== undefined) return printScaleStatus(values, ctx)
  const store = await openStore(values.db, {
    mustExist: true,
    memoryLimit: parseMemoryLimit(values['memory-limit']),
  })
  try {
    const rows = await readStatus(store.all)
    if (values.json || !ctx.stdout.isTTY) {
      for (const row of rows) ctx.stdout.write(`${JSON.stringify(row)}\n`)
      return 0
    }
    const head = ['dataset', 'symbol', 'step', 'first', 'last', 'rows', 'gaps', 'last write']
    const table = [
      head,
      ...rows.map((r) => [
        r.dataset,
        r.symbol,
        r.step === null ? '' : String(r.step),
        r.first ?? '',
        r.last ?? '',
        String(r.rows),
        String(r.gaps),
        r.lastWrite ?? '',
      ]),
    ]
    const widths = head.map((_, i) => Math.max(...table.map((row) => (row[i] as string).length)))
    for (const row of table)
      ctx.stdout.write(
        `${row
          .map((cell, i) => cell.padEnd(widths[i] as number))
          .join('  ')
          .trimEnd()}\n`,
      )
    return 0
  } finally {
    store.close()
  }
}
