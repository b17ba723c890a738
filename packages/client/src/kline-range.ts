/**
 * K-lines over any time range: cut into windows of at most 500 candles
 * aligned to the step, fetched with bounded concurrency under the rate
 * limiter, yielded in ascending order without duplicates.
 *
 * @module
 */
import type { EndpointPath, Kline, PayloadIssue } from '@perpkit/schemas'
import {
  isSymbol,
  isTimeParam,
  type KlineStep,
  type KlineStepInput,
  klineWindows,
  resolveKlineStep,
  timeToMs,
} from '@perpkit/schemas/lite'
import { onAbort } from './abort.ts'
import { OptionError } from './errors/option.ts'
import { AbortError, InvalidParamsError } from './errors/transport.ts'
import { loadSchemas, type Schemas } from './load-schemas.ts'
import { checkSignal } from './option-checks.ts'
import { guarded } from './user-code.ts'

/**
 * Parameters of `iterKlines` / `getKlineRange`.
 *
 * @example
 * ```ts
 * const params: KlineRangeParams = { symbol: 'BTCUSDT', step: '1m', startTime: Date.UTC(2026, 0, 1) }
 * ```
 */
export interface KlineRangeParams {
  symbol: string
  step: KlineStepInput
  /** Epoch ms or a `Date`; the first candle opens at or after it. */
  startTime: number | Date
  /** Epoch ms or a `Date`, clamped to now. @default now */
  endTime?: number | Date
  /** Windows fetched at once (the rate limiter still paces them). @default 4 */
  concurrency?: number
  /** Stops the iteration and aborts the windows in flight. */
  signal?: AbortSignal
  /** Called after each window is yielded; what it throws ends the iteration as an `OptionError`. */
  onProgress?: (progress: KlineRangeProgress) => void
}

/**
 * How far a range has come.
 *
 * @example
 * ```ts
 * const onProgress = (p: KlineRangeProgress) => console.log(`${p.windowsDone}/${p.windowsTotal}`)
 * ```
 */
export interface KlineRangeProgress {
  windowsDone: number
  windowsTotal: number
  /** Candles yielded so far. */
  candles: number
  /** Open time of the last candle yielded, or `null`. */
  lastTime: number | null
}

/** Fetches one window; `signal` aborts it. */
export type FetchKlineWindow = (
  window: { symbol: string; step: KlineStep; startTime: number; endTime: number },
  signal: AbortSignal,
) => PromiseLike<Kline[]>

type Settled = { ok: true; candles: Kline[] } | { ok: false; error: unknown }

/** A range's params, checked: valid params without zod, or zod's issues for the rest. */
async function validated(params: KlineRangeParams, label: string, now: number) {
  const { symbol, startTime, endTime, concurrency = 4 } = params
  const step = resolveKlineStep(params.step)
  if (
    isSymbol(symbol) &&
    step !== undefined &&
    isTimeParam(startTime) &&
    (endTime === undefined || isTimeParam(endTime)) &&
    Number.isInteger(concurrency) &&
    concurrency >= 1
  ) {
    const start = timeToMs(startTime)
    const end = endTime === undefined ? now : timeToMs(endTime)
    if (start > end) {
      throw new InvalidParamsError(label, [
        { path: 'startTime', expected: 'not after endTime', received: String(start) },
      ])
    }
    return { symbol, step, startTime: start, endTime: Math.min(end, now), concurrency }
  }
  return validate(params, label, now, await loadSchemas())
}

/** The same checks with the zod schemas, which say what each refused value should be. */
function validate(params: KlineRangeParams, label: string, now: number, schemas: Schemas) {
  const { symbolParam, timeParam } = schemas
  const issues: PayloadIssue[] = []
  const symbol = symbolParam.safeParse(params.symbol)
  if (!symbol.success)
    issues.push({
      path: 'symbol',
      expected: symbol.error.issues[0]?.message ?? 'a symbol',
      received: JSON.stringify(params.symbol),
    })
  const step = resolveKlineStep(params.step)
  if (step === undefined)
    issues.push({
      path: 'step',
      expected: 'a step of the allowed set (minutes) or an alias such as "1m", "1h", "1d"',
      received: JSON.stringify(params.step),
    })
  const start = timeParam.safeParse(params.startTime)
  if (!start.success)
    issues.push({
      path: 'startTime',
      expected: start.error.issues[0]?.message ?? 'epoch milliseconds or a valid Date',
      received: String(params.startTime),
    })
  const end =
    params.endTime === undefined
      ? { success: true as const, data: now }
      : timeParam.safeParse(params.endTime)
  if (!end.success)
    issues.push({
      path: 'endTime',
      expected: end.error.issues[0]?.message ?? 'epoch milliseconds or a valid Date',
      received: String(params.endTime),
    })
  const concurrency = params.concurrency ?? 4
  if (!Number.isInteger(concurrency) || concurrency < 1)
    issues.push({
      path: 'concurrency',
      expected: 'a positive integer',
      received: String(concurrency),
    })
  if (issues.length > 0 || !start.success || !end.success || step === undefined)
    throw new InvalidParamsError(label, issues)
  if (start.data > end.data)
    throw new InvalidParamsError(label, [
      { path: 'startTime', expected: 'not after endTime', received: String(start.data) },
    ])
  return {
    symbol: params.symbol,
    step,
    startTime: start.data,
    endTime: Math.min(end.data, now),
    concurrency,
  }
}

/**
 * Iterates the candles of `[startTime, endTime]` (both inclusive, `endTime`
 * clamped to now), ascending, each once.
 *
 * @param path - `/contract/public/kline` or `/contract/public/markprice-kline`.
 * @param params - Range, concurrency, signal, progress callback.
 * @param fetchWindow - Fetches one window of at most 500 candles.
 * @param now - The client's clock, read once when the iteration starts.
 * @returns An async iterator of candles.
 */
export async function* iterateKlineRange(
  path: EndpointPath,
  params: KlineRangeParams,
  fetchWindow: FetchKlineWindow,
  now: () => number,
): AsyncGenerator<Kline, void, undefined> {
  const label = `GET ${path}`
  let time: number
  let outer: AbortSignal | undefined
  try {
    outer = checkSignal('signal', params.signal)
    time = now()
  } catch (error) {
    throw error instanceof OptionError ? error.forEndpoint(label) : error
  }
  const { symbol, step, startTime, endTime, concurrency } = await validated(params, label, time)
  const onProgress = params.onProgress && guarded('onProgress', params.onProgress)
  const windows = klineWindows(startTime, endTime, step)
  const windowsTotal = windows.length
  const controller = new AbortController()
  if (outer?.aborted) throw new AbortError(label, outer.reason)
  const stopForwarding = onAbort(outer, () => controller.abort(outer?.reason))

  const pending: Promise<Settled>[] = []
  let launched = 0
  const launch = () => {
    const window = windows[launched++] as (typeof windows)[number]
    pending.push(
      Promise.resolve(fetchWindow({ symbol, step, ...window }, controller.signal)).then(
        (candles): Settled => ({ ok: true, candles }),
        (error): Settled => ({ ok: false, error }),
      ),
    )
  }

  let windowsDone = 0
  let candles = 0
  let lastTime: number | null = null
  try {
    while (launched < windowsTotal && pending.length < concurrency) launch()
    while (pending.length > 0) {
      const settled = await (pending.shift() as Promise<Settled>)
      if (!settled.ok) throw outer?.aborted ? new AbortError(label, outer.reason) : settled.error
      if (launched < windowsTotal) launch()
      for (const candle of settled.candles) {
        const t = candle.timestamp
        if (t < startTime || t > endTime || (lastTime !== null && t <= lastTime)) continue
        lastTime = t
        candles++
        yield candle
      }
      windowsDone++
      onProgress?.({ windowsDone, windowsTotal, candles, lastTime })
    }
  } finally {
    stopForwarding()
    // Stopped early (break, error, abort): cancel what is still in flight.
    if (pending.length > 0) controller.abort(new AbortError(label))
  }
}
