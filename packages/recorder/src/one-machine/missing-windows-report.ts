/**
 * What a backfill could not store, per series: the windows given up (after
 * their retries) or never tried (the run stops fetching when every window in
 * flight has given up in a row), with their span and the last error, for the
 * run's closing summary.
 *
 * @module
 */

/** A window's coordinates. */
export interface WindowKey {
  dataset: string
  symbol: string
  step: number
  startTime: number
  endTime: number
}

/** The missing windows of one series. */
interface MissingSeries {
  dataset: string
  symbol: string
  step: number
  /** Windows not stored. */
  windows: number
  /** Open time of the first missing candle, epoch ms. */
  from: number
  /** Open time of the last missing candle, epoch ms. */
  to: number
  /** The last error, first line; `null` for windows never tried. */
  error: string | null
}

/** Collects missing windows. */
export interface MissingReport {
  /** Adds a window, with why (`null`: never tried). */
  add(window: WindowKey, error: string | null): void
  /** Windows added. */
  readonly count: number
  /** Per series, ordered by dataset, symbol and step. */
  series(): MissingSeries[]
}

/**
 * A new report.
 *
 * @returns It, empty.
 */
export function createMissingReport(): MissingReport {
  const bySeries = new Map<string, MissingSeries>()
  let count = 0
  return {
    add(window, error) {
      count++
      const key = `${window.dataset}\0${window.symbol}\0${window.step}`
      const found = bySeries.get(key)
      if (found === undefined) {
        bySeries.set(key, {
          dataset: window.dataset,
          symbol: window.symbol,
          step: window.step,
          windows: 1,
          from: window.startTime,
          to: window.endTime,
          error,
        })
        return
      }
      found.windows++
      found.from = Math.min(found.from, window.startTime)
      found.to = Math.max(found.to, window.endTime)
      found.error = error ?? found.error
    },
    get count() {
      return count
    },
    series: () =>
      [...bySeries.values()].sort(
        (a, b) =>
          a.dataset.localeCompare(b.dataset) || a.symbol.localeCompare(b.symbol) || a.step - b.step,
      ),
  }
}

const iso = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z')

/**
 * The one line that closes an incomplete run.
 *
 * @param report - What is missing.
 * @param total - Windows the run planned.
 * @returns The line (without the command's prefix).
 */
export function describeMissing(report: MissingReport, total: number): string {
  const series = report.series()
  const shown = series.slice(0, 3).map((s) => {
    const why = s.error === null ? 'not tried' : `last error: ${s.error}`
    return `${s.dataset} ${s.symbol} step ${s.step}: ${s.windows} window${s.windows > 1 ? 's' : ''} between ${iso(s.from)} and ${iso(s.to)} (${why})`
  })
  const more =
    series.length > shown.length ? `; and ${series.length - shown.length} more series` : ''
  return `${report.count} of ${total} windows not stored: ${shown.join('; ')}${more}. Run the same command again to fetch them`
}
