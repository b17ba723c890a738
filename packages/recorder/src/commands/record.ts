/**
 * `record`: a long-running loop that polls within the client's rate budget
 * and stores what only a running recorder can capture. SIGINT / SIGTERM
 * (the context's signal) let the round in flight finish, then it reports
 * `interrupted` and exits 130 / 143; `--rounds n` ends with `stopped`, exit 0.
 *
 * @module
 */
import {
  commonFlags,
  commonHelp,
  networkFlags,
  networkHelp,
  parseFlags,
  parseMemoryLimit,
  parsePositive,
  parseWait,
  waitFlags,
  waitHelp,
} from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { note } from '../cli/note.ts'
import { interruptedExitCode, stopSignalOf } from '../cli/stop-signal.ts'
import { RecorderError } from '../errors.ts'
import {
  type RecordMetrics,
  recordMetricsFlags,
  recordMetricsHelp,
  startRecordMetrics,
} from '../metrics/record-metrics.ts'
import { openStore } from '../one-machine/open-store.ts'
import { fetchRound, isLocked, type RoundReport } from '../one-machine/record-round.ts'
import { frequentTasks, type RoundInput, snapshotTasks } from '../one-machine/record-tasks.ts'
import { createRoundWriter, type RoundWriter } from '../one-machine/round-writer.ts'
import { createProgress } from '../progress.ts'
import { parseSymbolSelection, resolveSymbols, skippedNote } from '../select-symbols.ts'
import { sleep } from '../sleep.ts'
import { openSource } from '../source.ts'

/** Help of `record`. */
export const recordHelp = `Usage: perpkit-recorder record --symbols <a,b> [options]

Polls until stopped (Ctrl-C or SIGTERM finish the round in flight, then exit 130 / 143):
trades (deduplicated by content; a gap row when trades were lost), funding settlements,
and, every --snapshot-interval, the current funding rate (per symbol, and of the catalog in
one request), open interest, top-N depth, and details and leverage-bracket changes.

Options:
${networkHelp}
  --interval <s>       Seconds between rounds of trades and settlements (default 5)
  --snapshot-interval <s>  Seconds between snapshots (default 60)
  --depth-levels <n>   Book levels kept a side (default 20)
  --rounds <n>         Stop after n rounds (default: run until stopped)
${waitHelp}
                       (while recording, rounds wait in memory for their turn)
${recordMetricsHelp}
${commonHelp}`

const flags = {
  ...commonFlags,
  ...networkFlags,
  ...waitFlags,
  interval: { type: 'string' },
  'snapshot-interval': { type: 'string' },
  'depth-levels': { type: 'string' },
  rounds: { type: 'string' },
  ...recordMetricsFlags,
} as const

/**
 * Runs `record`.
 *
 * @param argv - Its arguments.
 * @param ctx - Output, clock, stop signal.
 * @returns The exit code.
 */
export async function runRecord(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${recordHelp}\n`)
    return 0
  }
  const selection = parseSymbolSelection(values.symbols)
  const memoryLimit = parseMemoryLimit(values['memory-limit'])
  const intervalMs = parsePositive('--interval', values.interval, 5, 0) * 1000
  const snapshotMs = parsePositive('--snapshot-interval', values['snapshot-interval'], 60, 0) * 1000
  const depthLevels = parsePositive('--depth-levels', values['depth-levels'], 20)
  const rounds =
    values.rounds === undefined
      ? Number.POSITIVE_INFINITY
      : parsePositive('--rounds', values.rounds, 1)
  const wait = ctx.sleep ?? sleep
  const waitMs = parseWait(values.wait)

  const metrics = await startRecordMetrics(
    values,
    ctx.clientOptions,
    intervalMs,
    ctx.now,
    ctx.stdout,
  )
  const source = await openSource(values, metrics?.clientOptions ?? ctx.clientOptions).catch(
    async (error: unknown) => {
      await metrics?.close()
      throw error
    },
  )
  try {
    const resolved = await resolveSymbols(source.client, selection)
    const symbols = resolved.symbols
    note(ctx, skippedNote(resolved))
    const progress = createProgress(ctx.stdout)
    const totals = { rows: 0, gaps: 0, errors: 0 }
    const roundReport = report(totals, progress, metrics)
    // Rounds wait for the file, the polling does not (round-writer.ts).
    let writer: RoundWriter | undefined
    const store = await openStore(values.db, {
      memoryLimit,
      waitMs,
      onWait: () => writer?.waiting(),
    })
    writer = createRoundWriter(store, roundReport, {
      dropped: (rounds, rows) =>
        progress.event(
          { event: 'dropped', rounds, rows },
          `${rounds} rounds (${rows} rows) dropped while the archive was held; gap rows follow`,
        ),
    })
    try {
      let lastSnapshot = Number.NEGATIVE_INFINITY
      for (let round = 1; round <= rounds && !ctx.signal.aborted; round++) {
        const input: RoundInput = {
          client: source.client,
          symbols,
          depthLevels,
          now: ctx.now(),
          datasets: store.datasets,
        }
        const tasks = frequentTasks(input)
        // Strictly later than the last one: a snapshot is keyed by its round's time.
        if (input.now > lastSnapshot && input.now - lastSnapshot >= snapshotMs) {
          tasks.push(...snapshotTasks(input))
          lastSnapshot = input.now
        }
        const fetched = await fetchRound(tasks, roundReport)
        writer.add({ fetched, rows: fetched.reduce((n, f) => n + (f.write.rows ?? 0), 0) })
        // Written before the wait, unless another process holds the file: then the round
        // waits in memory and the polling goes on.
        await writer.settle()
        metrics?.roundEnded()
        // What the round's queries freed goes back to the system before the wait.
        await store.releaseMemory()
        progress.event(
          { event: 'round', round, time: input.now, ...totals, pending: writer.pending },
          `record round ${round}: ${totals.rows} rows, ${totals.gaps} gaps, ${totals.errors} errors${writer.pending > 0 ? `, ${writer.pending} rounds waiting for the archive` : ''}`,
        )
        if (round < rounds) await wait(intervalMs, ctx.signal)
      }
      await writer.flush().catch((error: unknown) => {
        if (!isLocked(error)) throw error
        throw new RecorderError(
          `${writer?.pending} fetched rounds not written: ${(error as Error).message}`,
          1,
        )
      })
    } finally {
      progress.done()
      store.close()
    }
    if (ctx.signal.aborted) {
      const signal = stopSignalOf(ctx.signal)
      ctx.stdout.write(`${JSON.stringify({ event: 'interrupted', signal, ...totals })}\n`)
      return interruptedExitCode(signal)
    }
    ctx.stdout.write(`${JSON.stringify({ event: 'stopped', ...totals })}\n`)
    return 0
  } finally {
    await source.close()
    await metrics?.close()
  }
}

function report(
  totals: { rows: number; gaps: number; errors: number },
  progress: ReturnType<typeof createProgress>,
  metrics: RecordMetrics | undefined,
): RoundReport {
  return {
    written: (task, { rows, gap }) => {
      totals.rows += rows
      metrics?.written(task.dataset, task.symbol, rows)
      if (gap) {
        totals.gaps++
        progress.event(
          { event: 'gap', dataset: task.dataset, symbol: task.symbol },
          `gap in ${task.dataset} ${task.symbol}: a gap row was written`,
        )
      }
    },
    // One endpoint failing (429 storm, outage) must not stop the others: the
    // next round tries again, and a gap row records what could not be caught up.
    failed: (task, error) => {
      totals.errors++
      const message = error instanceof Error ? error.message : String(error)
      progress.event(
        { event: 'error', dataset: task.dataset, symbol: task.symbol, message },
        `error in ${task.dataset} ${task.symbol}: ${message}`,
      )
    },
  }
}
