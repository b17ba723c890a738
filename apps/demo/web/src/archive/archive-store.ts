/**
 * The archive page's state (signals): what the archive holds, the selected
 * symbol, step and open-interest resolution, the depth snapshot shown, and
 * each series with its own error. A reply that arrives after a newer request
 * for the same series is dropped.
 *
 * It keeps itself current: while a recorder runs on the archive, the live
 * parts (what the archive holds, trades, the newest depth snapshot, gap rows)
 * are read again every {@link LIVE_REFRESH_MS}; and a read refused because a
 * process holds the file (`locked`) is retried every {@link RECOVER_MS} until
 * it succeeds, so the page recovers by itself once the writer lets go.
 *
 * @module
 */
import { computed, type Signal, signal } from '@preact/signals'
import type { ArchivePageConfig } from '../dashboard-config.ts'
import {
  ARCHIVE_PATHS,
  type ArchiveCandlesReply,
  type ArchiveContentsReply,
  type ArchiveDepthReply,
  type ArchiveErrorReply,
  type ArchiveFundingReply,
  type ArchiveGapsReply,
  type ArchiveOpenInterestReply,
  type ArchiveTradesReply,
  type OpenInterestEvery,
} from './archive-wire.ts'

/** The series the page loads. */
type Part = 'contents' | 'candles' | 'funding' | 'openInterest' | 'trades' | 'depth' | 'gaps'

/**
 * How often the live parts are read again, ms. Each read makes a running
 * recorder hand the file over (it checkpoints: tens of ms of CPU and a few MB
 * written, see the recorder's README), so not more often.
 */
export const LIVE_REFRESH_MS = 30_000

/** How soon a read refused with `locked` is tried again, ms. */
const RECOVER_MS = 2_000

/** An error reply's message, with its reason (`locked`, `missing`, ...). */
class ReplyError extends Error {
  readonly reason: string

  constructor(message: string, reason: string) {
    super(message)
    this.reason = reason
  }
}

/** The step shown first when the archive holds it: hourly candles. */
const PREFERRED_STEP = 60

/** GETs an archive endpoint; a non-200 reply throws its message. */
async function getJson<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params).toString()
  const res = await fetch(query === '' ? path : `${path}?${query}`, { cache: 'no-store' })
  const body = (await res.json().catch(() => null)) as T | ArchiveErrorReply | null
  if (res.ok && body !== null) return body as T
  const error = (body as ArchiveErrorReply | null)?.error
  throw new ReplyError(error?.message ?? `${path}: HTTP ${res.status}`, error?.reason ?? 'http')
}

/**
 * Creates the archive page's state.
 *
 * @param config - The page configuration (the symbol to show first).
 * @returns Signals and actions.
 */
export function createArchiveStore(config: ArchivePageConfig) {
  const contents = signal<ArchiveContentsReply | null>(null)
  const symbol = signal(config.symbol)
  const step = signal<number | null>(null)
  const every = signal<OpenInterestEvery>('hour')
  const candles = signal<ArchiveCandlesReply | null>(null)
  const funding = signal<ArchiveFundingReply | null>(null)
  const openInterest = signal<ArchiveOpenInterestReply | null>(null)
  const trades = signal<ArchiveTradesReply | null>(null)
  const depth = signal<ArchiveDepthReply | null>(null)
  /** The snapshot asked for (ms), or null for the newest (which follows the recorder). */
  const depthAt = signal<number | null>(null)
  const gaps = signal<ArchiveGapsReply | null>(null)
  const errors = signal<Partial<Record<Part, string>>>({})
  const sequence: Record<Part, number> = {
    contents: 0,
    candles: 0,
    funding: 0,
    openInterest: 0,
    trades: 0,
    depth: 0,
    gaps: 0,
  }
  /** Whether a read was refused because a process holds the file: a recovery is scheduled. */
  let recovering: ReturnType<typeof setTimeout> | undefined

  /** Every symbol with any series, sorted. */
  const symbols = computed(() => {
    const c = contents.value
    if (c === null) return []
    const all = [...c.candles, ...c.funding, ...c.openInterest, ...c.trades, ...c.depth].map(
      (s) => s.symbol,
    )
    return [...new Set(all)].sort()
  })
  /** The market-price candle steps stored for the symbol. */
  const steps = computed(() =>
    (contents.value?.candles ?? [])
      .filter((c) => c.dataset === 'kline' && c.symbol === symbol.value)
      .map((c) => c.step),
  )
  /** Whether the archive holds nothing at all. */
  const empty = computed(() => contents.value !== null && symbols.value.length === 0)

  async function load<T>(part: Part, target: Signal<T | null>, fetchIt: () => Promise<T>) {
    const ticket = ++sequence[part]
    try {
      const value = await fetchIt()
      if (ticket !== sequence[part]) return
      target.value = value
      const { [part]: _cleared, ...rest } = errors.value
      errors.value = rest
    } catch (error) {
      if (ticket !== sequence[part]) return
      target.value = null
      errors.value = {
        ...errors.value,
        [part]: error instanceof Error ? error.message : String(error),
      }
      if (error instanceof ReplyError && error.reason === 'locked') recover()
    }
  }

  /** Reads everything again soon, once: the writer holding the file may have let go by then. */
  function recover(): void {
    if (recovering !== undefined) return
    recovering = setTimeout(() => {
      recovering = undefined
      void reload()
    }, RECOVER_MS)
  }

  const loadCandles = () => {
    const s = step.value
    if (s === null) {
      candles.value = null
      return Promise.resolve()
    }
    return load('candles', candles, () =>
      getJson<ArchiveCandlesReply>(ARCHIVE_PATHS.candles, {
        symbol: symbol.value,
        step: String(s),
      }),
    )
  }
  const loadFunding = () =>
    load('funding', funding, () =>
      getJson<ArchiveFundingReply>(ARCHIVE_PATHS.funding, { symbol: symbol.value }),
    )
  const loadOpenInterest = () =>
    load('openInterest', openInterest, () =>
      getJson<ArchiveOpenInterestReply>(ARCHIVE_PATHS.openInterest, {
        symbol: symbol.value,
        every: every.value,
      }),
    )

  const loadTrades = () =>
    load('trades', trades, () =>
      getJson<ArchiveTradesReply>(ARCHIVE_PATHS.trades, { symbol: symbol.value }),
    )
  const loadDepth = () => {
    const at = depthAt.value
    return load('depth', depth, () =>
      getJson<ArchiveDepthReply>(ARCHIVE_PATHS.depth, {
        symbol: symbol.value,
        ...(at === null ? {} : { at: String(at) }),
      }),
    )
  }
  const loadGaps = () =>
    load('gaps', gaps, () =>
      getJson<ArchiveGapsReply>(ARCHIVE_PATHS.gaps, { symbol: symbol.value }),
    )
  /** Every series of the selection. */
  const loadSelection = () =>
    Promise.all([
      loadCandles(),
      loadFunding(),
      loadOpenInterest(),
      loadTrades(),
      loadDepth(),
      loadGaps(),
    ])

  function pickStep(): void {
    const available = steps.value
    if (step.value !== null && available.includes(step.value)) return
    step.value = available.includes(PREFERRED_STEP) ? PREFERRED_STEP : (available[0] ?? null)
  }

  /** (Re)reads what the archive holds, then every series of the selection. */
  async function reload(): Promise<void> {
    await load('contents', contents, () => getJson<ArchiveContentsReply>(ARCHIVE_PATHS.contents))
    if (contents.value === null || empty.value) return
    if (!symbols.value.includes(symbol.value)) symbol.value = symbols.value[0] ?? symbol.value
    pickStep()
    await loadSelection()
  }

  /** Reads the live parts again: what the archive holds, trades, the newest snapshot, gaps. */
  async function refreshLive(): Promise<void> {
    if (recovering !== undefined) return
    await load('contents', contents, () => getJson<ArchiveContentsReply>(ARCHIVE_PATHS.contents))
    if (contents.value === null || empty.value) return
    pickStep()
    await Promise.all([loadTrades(), depthAt.value === null ? loadDepth() : null, loadGaps()])
  }

  return {
    contents,
    symbol,
    step,
    every,
    candles,
    funding,
    openInterest,
    trades,
    depth,
    depthAt,
    gaps,
    errors,
    symbols,
    steps,
    empty,
    reload,
    refreshLive,
    selectSymbol(next: string): Promise<unknown> {
      symbol.value = next
      depthAt.value = null
      pickStep()
      return loadSelection()
    },
    /** Shows the snapshot before the one shown, or (`null`) the newest again. */
    selectDepth(at: number | null): Promise<void> {
      depthAt.value = at
      return loadDepth()
    },
    selectStep(next: number): Promise<void> {
      step.value = next
      return loadCandles()
    },
    selectEvery(next: OpenInterestEvery): Promise<void> {
      every.value = next
      return loadOpenInterest()
    },
  }
}

/** The archive page's state. */
export type ArchiveStore = ReturnType<typeof createArchiveStore>
