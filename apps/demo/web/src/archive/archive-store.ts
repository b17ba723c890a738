/**
 * The archive page's state (signals): what the archive holds, the selected
 * symbol, step and open-interest resolution, and the three series, each
 * with its own error. A reply that arrives after a newer request for the
 * same series is dropped.
 *
 * @module
 */
import { computed, type Signal, signal } from '@preact/signals'
import type { ArchivePageConfig } from '../dashboard-config.ts'
import {
  ARCHIVE_PATHS,
  type ArchiveCandlesReply,
  type ArchiveContentsReply,
  type ArchiveErrorReply,
  type ArchiveFundingReply,
  type ArchiveOpenInterestReply,
  type OpenInterestEvery,
} from './archive-wire.ts'

/** The series the page loads. */
type Part = 'contents' | 'candles' | 'funding' | 'openInterest'

/** The step shown first when the archive holds it: hourly candles. */
const PREFERRED_STEP = 60

/** GETs an archive endpoint; a non-200 reply throws its message. */
async function getJson<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params).toString()
  const res = await fetch(query === '' ? path : `${path}?${query}`, { cache: 'no-store' })
  const body = (await res.json().catch(() => null)) as T | ArchiveErrorReply | null
  if (res.ok && body !== null) return body as T
  const error = (body as ArchiveErrorReply | null)?.error
  throw new Error(error?.message ?? `${path}: HTTP ${res.status}`)
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
  const errors = signal<Partial<Record<Part, string>>>({})
  const sequence: Record<Part, number> = { contents: 0, candles: 0, funding: 0, openInterest: 0 }

  /** Every symbol with any series, sorted. */
  const symbols = computed(() => {
    const c = contents.value
    if (c === null) return []
    const all = [...c.candles, ...c.funding, ...c.openInterest].map((s) => s.symbol)
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
    }
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
    await Promise.all([loadCandles(), loadFunding(), loadOpenInterest()])
  }

  return {
    contents,
    symbol,
    step,
    every,
    candles,
    funding,
    openInterest,
    errors,
    symbols,
    steps,
    empty,
    reload,
    selectSymbol(next: string): Promise<unknown> {
      symbol.value = next
      pickStep()
      return Promise.all([loadCandles(), loadFunding(), loadOpenInterest()])
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
