/**
 * `compact`: merges each partition's files of the shared Parquet tree into
 * one, without duplicates; quarantines unreadable files.
 *
 * @module
 */
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseFlags } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { RecorderError } from '../errors.ts'
import { compactTree, QUARANTINE } from '../many-machines/compact.ts'

/** Help of `compact`. */
export const compactHelp = `Usage: perpkit-recorder compact --out <dir>

Merges the files of each partition (dataset root / symbol / date) of the Parquet tree that
workers (or export) write into one sorted file, keeping one row per key of the dataset's
declaration: per candle (step, open time), per trade (its content and occurrence), per
settlement (its time), per snapshot (its time; depth: time, side, level) and per gap row
(dataset, start), the newest file winning. Safe while workers write:
files published after it listed a partition stay for the next run. Unreadable files are moved to
<dir>/${QUARANTINE}/ and reported (exit code 1); temporary files older than an hour (a writer
that died) are removed.

Options:
  --out <dir>          The Parquet tree
  -h, --help           This help`

const flags = {
  help: { type: 'boolean', short: 'h', default: false },
  out: { type: 'string' },
} as const

/**
 * Runs `compact`.
 *
 * @param argv - Its arguments.
 * @param ctx - Output, clock.
 * @returns The exit code.
 */
export async function runCompact(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${compactHelp}\n`)
    return 0
  }
  if (values.out === undefined || values.out === '')
    throw new RecorderError('--out <dir> is required')
  const out = resolve(values.out)
  if (!existsSync(out) || !statSync(out).isDirectory())
    throw new RecorderError(`--out ${values.out} is not a directory`)
  const summary = await compactTree(out, ctx.now(), (partition) =>
    ctx.stdout.write(`${JSON.stringify({ event: 'partition', ...partition })}\n`),
  )
  ctx.stdout.write(`${JSON.stringify({ event: 'done', ...summary })}\n`)
  if (summary.quarantined > 0) {
    ctx.stderr.write(
      `perpkit-recorder compact: ${summary.quarantined} unreadable file(s) moved to ${QUARANTINE}/; plan their jobs again to refetch\n`,
    )
    return 1
  }
  return 0
}
