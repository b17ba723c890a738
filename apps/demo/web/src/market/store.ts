/**
 * The dashboard's state, as signals: the contracts, the selected contract
 * and step, and everything fetched for them. Loading, switching and the
 * live refresh live here; the panels only read and call actions.
 *
 * @module
 */
import type { KlineRangeProgress } from '@perpkit/client'
import type {
  Contract,
  Depth,
  FundingRate,
  FundingRateRecord,
  Kline,
  LeverageBracket,
  OpenInterest,
  Trade,
} from '@perpkit/schemas'
import { batch, computed, signal } from '@preact/signals'
import { pause } from '../../../src/pause.ts'
import type { Api } from '../api.ts'
import {
  backfillRange,
  type ChartStep,
  initialRange,
  mergeCandles,
  stepMillis,
} from '../logic/steps.ts'
import { errorText, isAbort } from './async.ts'

/** Panels that can fail on their own. */
export type PanelName =
  | 'contracts'
  | 'candles'
  | 'book'
  | 'funding'
  | 'interest'
  | 'brackets'
  | 'trades'

/** Milliseconds between live refreshes (each request still waits for the rate limiter). */
const REFRESH_MS = 3_000

/**
 * Creates the store and its actions.
 *
 * @param api - The page's client and budget tracker.
 * @param now - The clock, epoch ms.
 * @returns Signals and actions.
 */
export function createMarket(api: Api, now: () => number = Date.now) {
  const { client, track } = api
  const contracts = signal<Contract[]>([])
  const symbol = signal(api.config.symbol)
  const step = signal<ChartStep>('1h')
  const contract = computed(() => contracts.value.find((c) => c.symbol === symbol.value) ?? null)
  const candles = signal<Kline[]>([])
  const markCandles = signal<Kline[]>([])
  /** `symbol|step` of the candles shown: a new key refits the chart. */
  const candlesKey = signal('')
  const backfill = signal<KlineRangeProgress | null>(null)
  const depth = signal<Depth | null>(null)
  const trades = signal<Trade[]>([])
  const funding = signal<FundingRate | null>(null)
  const fundingHistory = signal<FundingRateRecord[]>([])
  const openInterest = signal<OpenInterest | null>(null)
  const brackets = signal<LeverageBracket[]>([])
  const errors = signal<Partial<Record<PanelName, string>>>({})
  const lastRefresh = signal<number | null>(null)
  /** `performance.now()` when the first candles were drawn (load-time measure). */
  const firstCandlesAt = signal<number | null>(null)

  let session = new AbortController()
  let candlesSession = new AbortController()

  const setError = (panel: PanelName, error: unknown) => {
    if (isAbort(error) || session.signal.aborted) return
    errors.value = { ...errors.value, [panel]: errorText(error) }
  }
  const clearError = (panel: PanelName) => {
    if (errors.value[panel] === undefined) return
    const { [panel]: _, ...rest } = errors.value
    errors.value = rest
  }
  /** Runs a load for a panel: its error replaces the panel's content until it succeeds. */
  const load = async (panel: PanelName, task: () => Promise<void>) => {
    try {
      await task()
      clearError(panel)
    } catch (error) {
      setError(panel, error)
    }
  }

  async function loadCandles(): Promise<void> {
    candlesSession.abort()
    candlesSession = new AbortController()
    const { signal: abort } = candlesSession
    const s = symbol.value
    const st = step.value
    backfill.value = null
    await load('candles', async () => {
      const range = { symbol: s, step: st, ...initialRange(st, now()) }
      const [market, mark] = await Promise.all([
        track(client.getKlines(range, { signal: abort })),
        track(client.getMarkPriceKlines(range, { signal: abort })),
      ])
      if (abort.aborted) return
      batch(() => {
        candles.value = market
        markCandles.value = mark
        candlesKey.value = `${s}|${st}`
      })
      if (firstCandlesAt.value === null && market.length > 0)
        firstCandlesAt.value = performance.now()
    })
  }

  /** Loads a longer range before the candles shown through `iterKlines`, with progress. */
  async function loadBackfill(): Promise<void> {
    const { signal: abort } = candlesSession
    const s = symbol.value
    const st = step.value
    const range = backfillRange(st, candles.value[0]?.timestamp ?? now(), now())
    backfill.value = { windowsDone: 0, windowsTotal: 0, candles: 0, lastTime: null }
    await load('candles', async () => {
      const older: Kline[] = []
      const params = { symbol: s, step: st, ...range, signal: abort }
      for await (const candle of client.iterKlines({
        ...params,
        onProgress: (progress) => {
          backfill.value = progress
        },
      })) {
        older.push(candle)
      }
      const mark = await client.getMarkPriceKlineRange(params)
      if (abort.aborted) return
      batch(() => {
        candles.value = mergeCandles(older, candles.value)
        markCandles.value = mergeCandles(mark, markCandles.value)
      })
    })
  }

  async function refreshLive(): Promise<void> {
    const { signal: abort } = session
    const s = symbol.value
    const options = { signal: abort }
    await Promise.all([
      load('book', async () => {
        depth.value = await track(client.getDepth({ symbol: s }, options))
      }),
      load('trades', async () => {
        trades.value = await track(client.getTrades({ symbol: s, limit: 30 }, options))
      }),
      load('funding', async () => {
        funding.value = await track(client.getFundingRate({ symbol: s }, options))
      }),
      load('interest', async () => {
        openInterest.value = await track(client.getOpenInterest({ symbol: s }, options))
      }),
      load('contracts', async () => {
        const [fresh] = await track(client.getContracts({ symbol: s }, options))
        if (fresh) contracts.value = contracts.value.map((c) => (c.symbol === s ? fresh : c))
      }),
      load('candles', async () => {
        const st = step.value
        const key = `${s}|${st}`
        if (candlesKey.value !== key) return
        const endTime = now()
        // The current candle and the one before (it may have closed since).
        const range = { symbol: s, step: st, startTime: endTime - 2 * stepMillis(st), endTime }
        const [market, mark] = await Promise.all([
          track(client.getKlines(range, options)),
          track(client.getMarkPriceKlines(range, options)),
        ])
        if (candlesKey.value !== key || abort.aborted) return
        batch(() => {
          candles.value = mergeCandles(candles.value, market)
          markCandles.value = mergeCandles(markCandles.value, mark)
        })
      }),
    ])
    if (!abort.aborted) lastRefresh.value = now()
  }

  async function loadSymbol(): Promise<void> {
    session.abort()
    session = new AbortController()
    const { signal: abort } = session
    const s = symbol.value
    batch(() => {
      depth.value = null
      trades.value = []
      funding.value = null
      fundingHistory.value = []
      openInterest.value = null
      brackets.value = []
      candles.value = []
      markCandles.value = []
      errors.value = {}
    })
    await Promise.all([
      loadCandles(),
      refreshLive(),
      load('brackets', async () => {
        const [rule] = await track(client.getLeverageBrackets({ symbol: s }, { signal: abort }))
        brackets.value = rule?.brackets ?? []
      }),
      load('funding', async () => {
        fundingHistory.value = await track(
          client.getFundingRateHistory({ symbol: s, limit: 100 }, { signal: abort }),
        )
      }),
    ])
  }

  /** Loads the contracts and the first symbol, then refreshes until `signal` aborts. */
  async function start(stop: AbortSignal): Promise<void> {
    await load('contracts', async () => {
      contracts.value = await track(client.getContracts())
    })
    if (contracts.value.length > 0 && contract.value === null) {
      symbol.value = contracts.value[0]?.symbol ?? symbol.value
    }
    await loadSymbol()
    while (!stop.aborted) {
      await pause(REFRESH_MS, stop)
      if (!stop.aborted) await refreshLive()
    }
    session.abort()
  }

  return {
    contracts,
    symbol,
    step,
    contract,
    candles,
    markCandles,
    candlesKey,
    backfill,
    depth,
    trades,
    funding,
    fundingHistory,
    openInterest,
    brackets,
    errors,
    lastRefresh,
    firstCandlesAt,
    start,
    selectSymbol(next: string) {
      if (next === symbol.value) return
      symbol.value = next
      void loadSymbol()
    },
    selectStep(next: ChartStep) {
      if (next === step.value) return
      step.value = next
      void loadCandles()
    },
    loadBackfill,
  }
}

/** The store's type. */
export type Market = ReturnType<typeof createMarket>
