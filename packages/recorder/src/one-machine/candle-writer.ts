/**
 * The backfill's single writer: fetchers hand windows over and go on
 * fetching; one loop commits whatever has arrived, each window with its
 * coverage row, in one transaction per group (a group commit: windows keep
 * arriving while a commit runs, and the next commit takes all of them, up to
 * a cap). The backlog waiting for a commit is bounded: when it is full,
 * {@link CandleWriter.add} waits, which holds the fetchers back, so memory
 * stays bounded however fast the fetching is.
 *
 * A `kill -9` loses the windows not yet committed: the group in its commit,
 * the backlog, and the windows still being fetched. It never duplicates one:
 * a window and its coverage row commit together or not at all.
 *
 * @module
 */
import type { Kline } from '@perpkit/schemas'
import type { Store } from './open-store.ts'
import { type EncodedWindow, encodeWindow, insertWindows } from './write-windows.ts'

/** One window's worth of candles. */
export interface CandleBatch {
  dataset: string
  symbol: string
  step: number
  startTime: number
  endTime: number
  candles: readonly Kline[]
  /** When it was fetched (ms). */
  fetchedAt: number
}

/** A window once committed. */
export interface StoredWindow {
  dataset: string
  symbol: string
  step: number
  startTime: number
  endTime: number
  /** Candles stored. */
  candles: number
}

/** How much the writer holds. */
export interface CandleWriterLimits {
  /** Most candles one commit takes (a single bigger window still commits alone). */
  groupRows: number
  /** Most windows one commit takes. */
  groupWindows: number
  /** Most windows waiting for a commit; beyond, `add` waits for room. */
  backlogWindows: number
  /** Most candles waiting for a commit; beyond, `add` waits for room. */
  backlogRows: number
}

/**
 * The defaults: a commit of up to 32,000 candles (64 full windows of 500)
 * spreads DuckDB's fixed cost per commit (a WAL sync, ~6 ms) thin, and a
 * backlog of as much again lets the next group fill while one commits.
 */
export const CANDLE_WRITER_LIMITS: CandleWriterLimits = {
  groupRows: 32_000,
  groupWindows: 64,
  backlogWindows: 64,
  backlogRows: 32_000,
}

/**
 * Least time between two {@link Store.releaseMemory} calls of a writer: after
 * a commit, once this has passed since the last one. Each purges DuckDB's
 * allocators, and memory used again afterwards costs page faults: once a
 * second (jemalloc's own decay time in DuckDB) keeps that cost to a few % of
 * the insert path (bench/insert-rate.ts), and releasing every 250 ms kept the
 * RSS of a year of 1m candles no lower (bench/year-rss.ts).
 */
export const RELEASE_INTERVAL_MS = 1000

/** Hands fetched windows to the single writer. */
export interface CandleWriter {
  /**
   * Accepts a window for a coming commit. Resolves once it is in the
   * backlog (not once committed); waits while the backlog is full; rejects
   * when a price does not fit or an earlier commit failed.
   */
  add(batch: CandleBatch): Promise<void>
  /** Resolves when every accepted window is committed; rejects with the first commit failure. */
  flush(): Promise<void>
}

/**
 * A writer on `store`.
 *
 * @param store - The archive.
 * @param options - `onCommitted`: called with each group once durable; `limits`: caps;
 *   `now`: the clock that spaces memory releases ({@link RELEASE_INTERVAL_MS}), default `Date.now`.
 * @returns The writer.
 */
export function createCandleWriter(
  store: Store,
  options: {
    onCommitted?: (windows: readonly StoredWindow[]) => void
    limits?: Partial<CandleWriterLimits>
    now?: () => number
  } = {},
): CandleWriter {
  const limits = { ...CANDLE_WRITER_LIMITS, ...options.limits }
  const now = options.now ?? Date.now
  let released = now()
  const backlog: EncodedWindow[] = []
  let backlogRows = 0
  let running: Promise<void> | undefined
  let failure: { error: unknown } | undefined
  let waiting: (() => void)[] = []

  /** Throws the commit failure, if any (a function, so no narrowing survives an await). */
  const check = () => {
    if (failure !== undefined) throw failure.error
  }
  const full = () =>
    backlog.length > 0 &&
    (backlog.length >= limits.backlogWindows || backlogRows >= limits.backlogRows)
  const wake = () => {
    const woken = waiting
    waiting = []
    for (const resolve of woken) resolve()
  }

  /** The next group: the oldest windows, up to the caps (at least one). */
  const takeGroup = (): EncodedWindow[] => {
    let n = 0
    let rows = 0
    while (n < backlog.length && n < limits.groupWindows) {
      const next = (backlog[n] as EncodedWindow).candles.rows
      if (n > 0 && rows + next > limits.groupRows) break
      rows += next
      n++
    }
    backlogRows -= rows
    return backlog.splice(0, n)
  }

  const drain = async () => {
    try {
      while (backlog.length > 0) {
        const group = takeGroup()
        wake()
        await store.transaction((conn) => insertWindows(conn, group))
        options.onCommitted?.(
          group.map((w) => ({
            dataset: w.candles.dataset,
            symbol: w.candles.symbol,
            step: w.candles.step,
            startTime: w.startTime,
            endTime: w.endTime,
            candles: w.candles.rows,
          })),
        )
        if (now() - released >= RELEASE_INTERVAL_MS) {
          released = now()
          await store.releaseMemory()
        }
      }
    } catch (error) {
      failure = { error }
      backlog.length = 0
      backlogRows = 0
      wake()
    } finally {
      running = undefined
    }
  }

  return {
    add: async (batch) => {
      check()
      const window = encodeWindow(batch)
      while (full()) {
        await new Promise<void>((resolve) => waiting.push(resolve))
        check()
      }
      backlog.push(window)
      backlogRows += window.candles.rows
      running ??= drain()
    },
    flush: async () => {
      while (running !== undefined) await running
      check()
    },
  }
}
