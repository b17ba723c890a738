/**
 * `status`: coverage per dataset × symbol (× step for candles): first, last,
 * rows, gaps, last write.
 *
 * @module
 */
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
import { s3Flags, s3Help, treeLocation } from '../cli/tree-flags.ts'
import { RecorderError } from '../errors.ts'
import { printScaleStatus } from '../many-machines/tree-status.ts'
import { readStatus, type StatusRow } from '../one-machine/archive-status.ts'
import { openForReading } from '../one-machine/open-for-reading.ts'
import { parseSymbolSelection, symbolMatcher } from '../select-symbols.ts'

/** Help of `status`. */
export const statusHelp = `Usage: perpkit-recorder status [--db <file>] [--json]
       perpkit-recorder status [--redis <url>] [--out <dir|s3://bucket/prefix>] [--queue <name>] [--json]

Coverage per dataset × symbol (× step for candles): first, last, rows, gaps, last write.
Gaps are holes between stored candles, and gap rows written by record when trades were lost.

With --redis and/or --out (the multi-machine setup): each endpoint queue's job counts, the
workers beating, the jobs in flight whose worker stopped beating, and per series of the
Parquet tree: first, last, rows, duplicates (left for compact), holes, files. With both, holes
are counted against the plan: planned windows missing at either end of a series count too,
and are listed.

Options:
  --json               JSON lines even on a TTY
  --redis <url>        Read the queues, the workers' heartbeats and the plan from this Redis
  --queue <name>       Queue name (default perpkit-recorder)
  --out <dir|s3://...> Read the coverage of this Parquet tree (a bucket's is downloaded to a
                       temporary directory, one dataset root at a time)
${s3Help(23)}
  --symbols <list>     Only these symbols, or patterns such as '*USDT' (of the archive)
  --datasets <list>    Only these datasets (kline, market-trade, ...) (of the archive)
${waitHelp}
${commonHelp}`

const flags = {
  ...commonFlags,
  ...waitFlags,
  json: { type: 'boolean', default: false },
  redis: { type: 'string' },
  out: { type: 'string' },
  queue: { type: 'string' },
  ...s3Flags,
  symbols: { type: 'string' },
  datasets: { type: 'string' },
} as const

/** The filter of `--symbols` and `--datasets` (freqtrade's `list-data --pairs`). */
function only(values: { symbols?: string | undefined; datasets?: string | undefined }) {
  const selection = values.symbols === undefined ? undefined : parseSymbolSelection(values.symbols)
  const matchers = selection?.patterns.map(symbolMatcher) ?? []
  const datasets = values.datasets?.split(',').map((d) => d.trim())
  return (row: StatusRow) =>
    (selection === undefined ||
      selection.names.includes(row.symbol) ||
      matchers.some((m) => m(row.symbol))) &&
    (datasets === undefined || datasets.includes(row.dataset))
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
  if (values.out === undefined && (values['s3-endpoint'] ?? values['s3-addressing']) !== undefined)
    throw new RecorderError(
      '--s3-endpoint and --s3-addressing apply to --out s3://bucket/prefix only',
    )
  if (values.redis !== undefined || values.out !== undefined)
    return printScaleStatus(
      values,
      values.out === undefined ? undefined : treeLocation(values),
      ctx,
    )
  const keep = only(values)
  const store = await openForReading(values.db, {
    waitMs: parseWait(values.wait),
    memoryLimit: parseMemoryLimit(values['memory-limit']),
  })
  try {
    const rows = (await readStatus(store)).filter(keep)
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
