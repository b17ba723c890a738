/**
 * K-line steps and window arithmetic, shared by the client (pagination) and
 * the sandbox (serving) so both cut time the same way.
 *
 * @module
 */

/**
 * The steps the interface accepts, in minutes.
 *
 * @example
 * ```ts
 * KLINE_STEPS.includes(60) // true
 * ```
 */
export const KLINE_STEPS = [1, 3, 5, 15, 30, 60, 120, 240, 360, 720, 1440, 4320, 10080] as const

/**
 * A K-line step in minutes.
 *
 * @example
 * ```ts
 * const hourly: KlineStep = 60
 * ```
 */
export type KlineStep = (typeof KLINE_STEPS)[number]

/**
 * Readable step aliases and the minutes each stands for.
 *
 * @example
 * ```ts
 * KLINE_STEP_ALIASES['4h'] // 240
 * ```
 */
export const KLINE_STEP_ALIASES = {
  '1m': 1,
  '3m': 3,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '2h': 120,
  '4h': 240,
  '6h': 360,
  '12h': 720,
  '1d': 1440,
  '3d': 4320,
  '1w': 10080,
} as const satisfies Record<string, KlineStep>

/**
 * A step as users may write it: minutes (`60`) or an alias (`'1h'`).
 *
 * @example
 * ```ts
 * const a: KlineStepInput = '1d'
 * const b: KlineStepInput = 1440
 * ```
 */
export type KlineStepInput = KlineStep | keyof typeof KLINE_STEP_ALIASES

/**
 * At most this many candles come back from one K-line request.
 *
 * @example
 * ```ts
 * const perWindow = MAX_KLINES_PER_REQUEST // 500
 * ```
 */
export const MAX_KLINES_PER_REQUEST = 500

/**
 * Resolves a step alias to minutes, or returns `undefined` for an unknown step.
 *
 * @param step - Minutes or an alias.
 * @returns The step in minutes, or `undefined`.
 * @example
 * ```ts
 * resolveKlineStep('4h') // 240
 * resolveKlineStep(7) // undefined
 * ```
 */
export function resolveKlineStep(step: unknown): KlineStep | undefined {
  if (typeof step === 'number') {
    return (KLINE_STEPS as readonly number[]).includes(step) ? (step as KlineStep) : undefined
  }
  if (typeof step === 'string' && Object.hasOwn(KLINE_STEP_ALIASES, step)) {
    return KLINE_STEP_ALIASES[step as keyof typeof KLINE_STEP_ALIASES]
  }
  return undefined
}

/**
 * Length of one step in milliseconds.
 *
 * @param step - Step in minutes.
 * @returns Milliseconds.
 * @example
 * ```ts
 * stepMs(60) // 3600000
 * ```
 */
export function stepMs(step: KlineStep): number {
  return step * 60_000
}

/**
 * The open time of the candle that contains `time`: candles are aligned to
 * multiples of the step since the epoch.
 *
 * @param time - Epoch ms.
 * @param step - Step in minutes.
 * @returns Epoch ms of the bucket start.
 * @example
 * ```ts
 * alignToStep(Date.UTC(2026, 0, 1, 10, 59), 60) // Date.UTC(2026, 0, 1, 10)
 * ```
 */
export function alignToStep(time: number, step: KlineStep): number {
  const ms = stepMs(step)
  return Math.floor(time / ms) * ms
}

/**
 * The candles that open within a range: the first one's open time and how many.
 *
 * @example
 * ```ts
 * const span: CandleSpan = { first: Date.UTC(2026, 0, 1), count: 60 }
 * ```
 */
export interface CandleSpan {
  /** Open time (epoch ms) of the first candle at or after the range start. */
  first: number
  /** Candles whose open time is within the range (0 when none). */
  count: number
}

/**
 * The candles that open within `[startTime, endTime]` (both inclusive).
 *
 * @param startTime - Epoch ms.
 * @param endTime - Epoch ms.
 * @param step - Step in minutes.
 * @returns The first open time and the count.
 * @example
 * ```ts
 * candleSpan(Date.UTC(2026, 0, 1, 0, 0, 30), Date.UTC(2026, 0, 1, 1), 1)
 * // { first: Date.UTC(2026, 0, 1, 0, 1), count: 60 }
 * ```
 */
export function candleSpan(startTime: number, endTime: number, step: KlineStep): CandleSpan {
  const ms = stepMs(step)
  const firstIndex = Math.ceil(startTime / ms)
  const lastIndex = Math.floor(endTime / ms)
  return { first: firstIndex * ms, count: Math.max(0, lastIndex - firstIndex + 1) }
}

/**
 * A window of one request: `[startTime, endTime]`, epoch ms, both inclusive.
 *
 * @example
 * ```ts
 * const window: KlineWindow = { startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 1, 8, 19) }
 * ```
 */
export interface KlineWindow {
  startTime: number
  endTime: number
}

/**
 * Cuts a range into request windows of at most `perWindow` candles each,
 * aligned to the step, ascending, covering every candle of the range once.
 *
 * @param startTime - Epoch ms.
 * @param endTime - Epoch ms.
 * @param step - Step in minutes.
 * @param perWindow - Candles per window, a positive integer (default `MAX_KLINES_PER_REQUEST`, 500).
 * @returns The windows (none when the range holds no candle).
 * @throws RangeError when `perWindow` is not a positive integer (0 would never end the cut).
 * @example
 * ```ts
 * klineWindows(Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1, 23, 59), 1).length // 3 (1,440 candles)
 * ```
 */
export function klineWindows(
  startTime: number,
  endTime: number,
  step: KlineStep,
  perWindow: number = MAX_KLINES_PER_REQUEST,
): KlineWindow[] {
  if (!Number.isSafeInteger(perWindow) || perWindow <= 0) {
    throw new RangeError(`perWindow must be a positive integer, got ${perWindow}`)
  }
  const ms = stepMs(step)
  const { first, count } = candleSpan(startTime, endTime, step)
  const windows: KlineWindow[] = []
  for (let done = 0; done < count; done += perWindow) {
    const windowStart = first + done * ms
    windows.push({
      startTime: windowStart,
      endTime: Math.min(windowStart + (perWindow - 1) * ms, endTime),
    })
  }
  return windows
}

/**
 * How many candles open within `[startTime, endTime]` (both inclusive).
 *
 * @param startTime - Epoch ms.
 * @param endTime - Epoch ms, not before `startTime`.
 * @param step - Step in minutes.
 * @returns The number of candle open times in the window (0 when none).
 * @example
 * ```ts
 * countCandles(Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1, 0, 59), 1) // 60
 * ```
 */
export function countCandles(startTime: number, endTime: number, step: KlineStep): number {
  return candleSpan(startTime, endTime, step).count
}
