/**
 * `backfill`: klines and mark-price klines for symbols × steps × a range.
 * Resumes where it stopped: each window is stored with its coverage row in
 * one transaction, and only windows outside the stored ones are fetched.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import type { Kline } from '@perpkit/schemas'
import { alignToStep, type KlineStep } from '@perpkit/schemas/lite'
import { CANDLE_NAMES, pickCandleDatasets } from '../cli/candle-datasets.ts'
import {
  commonFlags,
  commonHelp,
  networkFlags,
  networkHelp,
  parseFlags,
  parseMemoryLimit,
  parsePositive,
  parseRange,
  parseSteps,
  parseWait,
  waitFlags,
  waitHelp,
} from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { fromOrDays } from '../cli/days.ts'
import { note } from '../cli/note.ts'
import type { CandleDataset } from '../datasets/define.ts'
import {
  reportGivenUp,
  reportIncomplete,
  reportInterrupted,
  reportRetry,
} from '../one-machine/backfill-outcome.ts'
import { createCandleWriter } from '../one-machine/candle-writer.ts'
import { eraseCandles, erasedNote } from '../one-machine/erase-candles.ts'
import { missingWindows } from '../one-machine/missing-windows.ts'
import { createMissingReport, type WindowKey } from '../one-machine/missing-windows-report.ts'
import { openStore, type Store } from '../one-machine/open-store.ts'
import {
  fetchWithRetry,
  WINDOW_RETRY,
  type WindowRetryPolicy,
} from '../one-machine/window-retry.ts'
import { coveredWindows } from '../one-machine/write-windows.ts'
import { createProgress, estimateEta, formatDuration } from '../progress.ts'
import { parseSymbolSelection, resolveSymbols, skippedNote } from '../select-symbols.ts'
import { sleep } from '../sleep.ts'
import { openSource } from '../source.ts'

/** Help of `backfill`. */
export const backfillHelp = `Usage: perpkit-recorder backfill --symbols <a,b> --steps <1,60|1m,1h> --from <date|ms> [--to <date|ms>] [options]

Fills klines and mark-price klines of each symbol and step over the range (closed candles
only). Interrupted, it resumes where it stopped; a window stored once is never fetched again.

Options:
${networkHelp}
  --steps <list>       Steps in minutes or aliases (1m, 5m, 1h, 4h, 1d, ...)
  --from <date|ms>     Range start: ISO date (2026-01-01) or epoch ms
  --days <n>           Range start n days before now (instead of --from)
  --to <date|ms>       Range end (default now)
  --prepend            Extend older: fill --from up to the oldest stored window of each series
  --erase              Erase the range's stored candles of each series first, then fetch
                       them again
  --datasets <list>    ${CANDLE_NAMES} (default all)
  --concurrency <n>    Windows in flight at once, paced by the client's rate budget (default 8)
  --retry-for <s>      Seconds a failing window is retried (backoff up to 60 s) before it is
                       given up and reported missing (default 600); when every window in
                       flight gives up in a row, the run stops fetching
${waitHelp}
${commonHelp}

Ends with {"event":"done"} (exit 0), {"event":"incomplete"} listing what is still missing
(exit 1), or {"event":"interrupted"} after SIGINT / SIGTERM (exit 130 / 143).`

const flags = {
  ...commonFlags,
  ...networkFlags,
  ...waitFlags,
  steps: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  prepend: { type: 'boolean', default: false },
  days: { type: 'string' },
  erase: { type: 'boolean', default: false },
  datasets: { type: 'string' },
  concurrency: { type: 'string' },
  'retry-for': { type: 'string' },
} as const

interface Job {
  dataset: CandleDataset
  symbol: string
  step: KlineStep
  startTime: number
  endTime: number
}

async function planJobs(
  store: Store,
  input: {
    datasets: readonly CandleDataset[]
    symbols: string[]
    steps: KlineStep[]
    from: number
    to: number
    prepend: boolean
  },
): Promise<Job[][]> {
  const perSeries: Job[][] = []
  for (const dataset of input.datasets)
    for (const symbol of input.symbols)
      for (const step of input.steps) {
        const series = { dataset: dataset.name, symbol, step }
        const covered = await coveredWindows(store, series)
        let to = Math.min(input.to, alignToStep(input.to + 1, step) - 1)
        if (input.prepend && covered[0] !== undefined) to = Math.min(to, covered[0][0] - 1)
        if (to < input.from) continue
        perSeries.push(
          missingWindows(input.from, to, step, covered).map((w) => ({
            dataset,
            symbol,
            step,
            ...w,
          })),
        )
      }
  return perSeries
}

/** Round-robin over series, so several symbols progress at once. */
function interleave(perSeries: Job[][]): Job[] {
  const out: Job[] = []
  for (let i = 0; perSeries.some((s) => i < s.length); i++)
    for (const series of perSeries) if (i < series.length) out.push(series[i] as Job)
  return out
}

function fetchWindow(client: PerpkitClient, job: Job, signal: AbortSignal): Promise<Kline[]> {
  return job.dataset.fetchWindow(client, job, signal)
}

/**
 * Runs `backfill`.
 *
 * @param argv - Its arguments.
 * @param ctx - Output, clock, signal.
 * @returns The exit code.
 */
export async function runBackfill(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${backfillHelp}\n`)
    return 0
  }
  const selection = parseSymbolSelection(values.symbols)
  const memoryLimit = parseMemoryLimit(values['memory-limit'])
  const steps = parseSteps(values.steps)
  const now = ctx.now()
  const range = parseRange(fromOrDays(values, now), values.to, now)
  const datasets = pickCandleDatasets(values.datasets)
  const concurrency = parsePositive('--concurrency', values.concurrency, 8)
  const retry = {
    ...WINDOW_RETRY,
    giveUpMs:
      parsePositive('--retry-for', values['retry-for'], WINDOW_RETRY.giveUpMs / 1000, 0) * 1000,
  }
  const waitMs = parseWait(values.wait)
  // Only closed candles: the one still open would change after it is stored.
  const lastClosed = Math.min(range.to, alignToStep(now, 1) - 1)

  const source = await openSource(values, ctx.clientOptions)
  try {
    const resolved = await resolveSymbols(source.client, selection)
    const symbols = resolved.symbols
    note(ctx, skippedNote(resolved))
    const store = await openStore(values.db, { memoryLimit, waitMs })
    try {
      if (values.erase) {
        const series = datasets.flatMap((d) =>
          symbols.flatMap((symbol) => steps.map((step) => ({ dataset: d.name, symbol, step }))),
        )
        for (const erased of await eraseCandles(store, series, {
          from: range.from,
          to: lastClosed,
        }))
          note(ctx, erasedNote(erased))
      }
      const jobs = interleave(
        await planJobs(store, {
          datasets,
          symbols,
          steps,
          from: range.from,
          to: lastClosed,
          prepend: values.prepend,
        }),
      )
      return await runJobs(store, source.client, jobs, { concurrency, retry }, ctx)
    } finally {
      store.close()
    }
  } finally {
    await source.close()
  }
}

async function runJobs(
  store: Store,
  client: PerpkitClient,
  jobs: Job[],
  options: { concurrency: number; retry: WindowRetryPolicy },
  ctx: CommandContext,
): Promise<number> {
  const progress = createProgress(ctx.stdout)
  const started = ctx.now()
  let next = 0
  let windows = 0
  let candles = 0
  const missing = createMissingReport()
  // Windows given up since the last one fetched: when every fetcher's window has given up
  // in a row, the API is taken for down and the run stops fetching (the rest is "not tried").
  let givenUpInARow = 0
  // Fetchers hand windows to one writer and go on fetching; it reports each window once committed.
  const writer = createCandleWriter(store, {
    onCommitted: (stored) => {
      for (const w of stored) {
        windows++
        candles += w.candles
        const elapsed = ctx.now() - started
        const seconds = Math.max(1, elapsed) / 1000
        const eta = estimateEta(windows, jobs.length, elapsed)
        progress.event(
          {
            event: 'window',
            dataset: w.dataset,
            symbol: w.symbol,
            step: w.step,
            from: w.startTime,
            to: w.endTime,
            candles: w.candles,
            done: windows,
            total: jobs.length,
            etaMs: eta ?? null,
          },
          `backfill ${windows}/${jobs.length} windows, ${candles} candles, ${Math.round(candles / seconds)} candles/s${eta === undefined ? '' : `, ETA ${formatDuration(eta)}`}`,
        )
      }
    },
  })
  const worker = async () => {
    while (next < jobs.length && !ctx.signal.aborted) {
      if (givenUpInARow >= options.concurrency) return
      const job = jobs[next++] as Job
      const key = windowKey(job)
      const outcome = await fetchWithRetry(() => fetchWindow(client, job, ctx.signal), {
        policy: options.retry,
        now: ctx.now,
        sleep: ctx.sleep ?? sleep,
        signal: ctx.signal,
        onRetry: (retry) => reportRetry(progress, key, retry),
      })
      // Interrupted: the window in flight is dropped, the stored ones stay.
      if (outcome.kind === 'stopped') return
      if (outcome.kind === 'failed') {
        reportGivenUp(progress, missing, key, outcome)
        givenUpInARow++
        continue
      }
      givenUpInARow = 0
      await writer.add({ ...key, candles: outcome.value, fetchedAt: ctx.now() })
    }
  }
  // A write that fails (a full disk) stops the other workers after their window; the windows
  // handed to the writer before it are still committed, and stored windows stay stored.
  let failure: { error: unknown } | undefined
  const guarded = () =>
    worker().catch((error: unknown) => {
      failure ??= { error }
      next = jobs.length
    })
  await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, guarded))
  try {
    await writer.flush()
  } catch (error) {
    failure ??= { error }
  }
  progress.done()
  if (failure !== undefined) throw failure.error
  const totals = { windows, candles, total: jobs.length }
  if (ctx.signal.aborted) return reportInterrupted(ctx, totals)
  for (const job of jobs.slice(next)) missing.add(windowKey(job), null)
  if (missing.count > 0) reportIncomplete(ctx, totals, missing)
  ctx.stdout.write(
    ctx.stdout.isTTY
      ? `backfill done: ${windows} windows, ${candles} candles stored\n`
      : `${JSON.stringify({ event: 'done', ...totals })}\n`,
  )
  return 0
}

function windowKey(job: Job): WindowKey {
  return {
    dataset: job.dataset.name,
    symbol: job.symbol,
    step: job.step,
    startTime: job.startTime,
    endTime: job.endTime,
  }
}
