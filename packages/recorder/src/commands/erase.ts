/**
 * `erase`: deletes the stored candles of a range (and trims the coverage
 * rows with them), so that the next `backfill` of the range fetches them
 * again. Works on the archive alone, no deployment needed: symbols and
 * patterns are matched against the series it stores.
 *
 * @module
 */
import type { KlineStep } from '@perpkit/schemas/lite'
import { CANDLE_NAMES, pickCandleDatasets } from '../cli/candle-datasets.ts'
import {
  commonFlags,
  commonHelp,
  parseFlags,
  parseMemoryLimit,
  parseRange,
  parseSteps,
  parseWait,
  waitFlags,
  waitHelp,
} from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { fromOrDays } from '../cli/days.ts'
import { note } from '../cli/note.ts'
import { type CandleSeries, eraseCandles, erasedNote } from '../one-machine/erase-candles.ts'
import { openStore } from '../one-machine/open-store.ts'
import { parseSymbolSelection, symbolMatcher } from '../select-symbols.ts'

/** Help of `erase`. */
export const eraseHelp = `Usage: perpkit-recorder erase --symbols <list> (--from <date|ms> | --days <n>) [--to <date|ms>] [options]

Deletes the stored candles that open in the range and close by --to, with their coverage
(a stored window the range cuts keeps what lies outside it), so that the next backfill of
the range fetches them again: \`backfill --erase\` does both in one run.

Options:
  --symbols <list>     Symbols, all, or patterns such as '*USDT', among the stored series
  --steps <list>       Steps in minutes or aliases (default every stored step)
  --datasets <list>    ${CANDLE_NAMES} (default all)
  --from <date|ms>     Range start: ISO date (2026-01-01) or epoch ms
  --days <n>           Range start n days before now (instead of --from)
  --to <date|ms>       Range end (default now)
${waitHelp}
${commonHelp}`

const flags = {
  ...commonFlags,
  ...waitFlags,
  symbols: { type: 'string' },
  steps: { type: 'string' },
  datasets: { type: 'string' },
  from: { type: 'string' },
  days: { type: 'string' },
  to: { type: 'string' },
} as const

/**
 * Runs `erase`.
 *
 * @param argv - Its arguments.
 * @param ctx - Output, clock.
 * @returns The exit code.
 */
export async function runErase(argv: string[], ctx: CommandContext): Promise<number> {
  const values = parseFlags(argv, flags)
  if (values.help) {
    ctx.stdout.write(`${eraseHelp}\n`)
    return 0
  }
  const selection = parseSymbolSelection(values.symbols)
  const steps: KlineStep[] | undefined =
    values.steps === undefined ? undefined : parseSteps(values.steps)
  const datasets = pickCandleDatasets(values.datasets).map((d) => d.name)
  const range = parseRange(fromOrDays(values, ctx.now()), values.to, ctx.now())
  const store = await openStore(values.db, {
    mustExist: true,
    memoryLimit: parseMemoryLimit(values['memory-limit']),
    waitMs: parseWait(values.wait),
  })
  try {
    const matchers = selection.patterns.map(symbolMatcher)
    const stored = await store.all(
      'SELECT DISTINCT dataset, symbol, step FROM coverage ORDER BY dataset, symbol, step',
    )
    const series: CandleSeries[] = stored
      .map((r) => ({
        dataset: String(r.dataset),
        symbol: String(r.symbol),
        step: Number(r.step) as KlineStep,
      }))
      .filter(
        (s) =>
          datasets.includes(s.dataset) &&
          (steps === undefined || steps.includes(s.step)) &&
          (selection.names.includes(s.symbol) || matchers.some((m) => m(s.symbol))),
      )
    let candles = 0
    for (const erased of await eraseCandles(store, series, range)) {
      candles += erased.candles
      note(ctx, erasedNote(erased))
    }
    note(ctx, {
      fields: { event: 'done', series: series.length, candles },
      line: `erase done: ${candles} candles of ${series.length} series`,
    })
    return 0
  } finally {
    store.close()
  }
}
