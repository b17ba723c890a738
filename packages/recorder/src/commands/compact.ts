/**
 * `compact`: merges each partition's files of the shared Parquet tree into
 * one, without duplicates, after checking every row; quarantines files that
 * fail the checks.
 *
 * @module
 */
import { existsSync, statSync } from 'node:fs'
import { parseFlags } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { s3Flags, s3Help, treeLocation } from '../cli/tree-flags.ts'
import { RecorderError } from '../errors.ts'
import { compactTree, QUARANTINE, type QuarantinedFile } from '../many-machines/compact.ts'
import { openTreeStore } from '../many-machines/tree-store.ts'

/** Help of `compact`. */
export const compactHelp = `Usage: perpkit-recorder compact --out <dir|s3://bucket/prefix> [--scrub]

Merges the files of each partition (dataset root / symbol / date) of the Parquet tree that
workers (or export) write into one sorted file, keeping one row per key of the dataset's
declaration: per candle (step, open time), per trade (its content and occurrence), per
settlement (its time), per snapshot (its time; depth: time, side, level) and per gap row
(dataset, start), the newest file winning. Safe while workers write: files published after
it listed a partition stay for the next run.

Every file is read whole and checked first: the checksum its writer sealed into its footer,
the partition it was written for, its columns, and every row (its date, keys, steps, values).
A file that fails is moved to ${QUARANTINE}/ (never deleted) and named, with the reason, on
stderr (exit code 1); the rest are merged, and the merged file is checked the same way before
its inputs are removed. Temporary files older than an hour (a writer that died) are removed.
A partition already merged (one compacted- file) is not read again, unless --scrub.

Options:
  --out <dir|s3://...>   The Parquet tree: a directory, or a bucket and prefix
  --scrub                Also re-read partitions already merged (damage since, a bad copy)
${s3Help(25)}
  -h, --help             This help`

const flags = {
  help: { type: 'boolean', short: 'h', default: false },
  out: { type: 'string' },
  scrub: { type: 'boolean', default: false },
  ...s3Flags,
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
  const location = treeLocation(values)
  if (
    location.kind === 'dir' &&
    !(existsSync(location.dir) && statSync(location.dir).isDirectory())
  )
    throw new RecorderError(`--out ${values.out} is not a directory`)
  const store = await openTreeStore(location)
  const refused: QuarantinedFile[] = []
  try {
    const summary = await compactTree(store, {
      now: ctx.now(),
      scrub: values.scrub,
      onPartition: (partition) => {
        refused.push(...partition.quarantined)
        ctx.stdout.write(`${JSON.stringify({ event: 'partition', ...partition })}\n`)
      },
      onNote: (note) => ctx.stderr.write(`perpkit-recorder compact: ${note}\n`),
    })
    ctx.stdout.write(`${JSON.stringify({ event: 'done', ...summary })}\n`)
    if (summary.quarantined === 0) return 0
    ctx.stderr.write(
      `perpkit-recorder compact: ${summary.quarantined} file(s) failed the checks and were moved to ${store.url(QUARANTINE)}/ (nothing of them was published); plan their ranges again to refetch:\n${refused.map((q) => `  ${q.file}: ${q.reason}\n`).join('')}`,
    )
    return 1
  } finally {
    store.close()
  }
}
