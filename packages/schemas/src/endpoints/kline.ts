/**
 * `/contract/public/kline` and `/contract/public/markprice-kline`: candles.
 *
 * @module
 */
import * as z from 'zod/mini'
import { isKlineWindow, klineWindowProblem } from '../checks.ts'
import { candleTime, msToSeconds } from '../conversions.ts'
import { markDecoder } from '../decoder-marks.ts'
import { defineEndpoint } from '../endpoint.ts'
import type { KlineStep } from '../kline-steps.ts'
import { modelMap } from '../model-map.ts'
import { modelOf } from '../model-schema.ts'
import type { Kline } from '../models.ts'
import {
  integerQuery,
  stepParam,
  stepQuery,
  symbolParam,
  symbolQuery,
  timeParam,
} from '../params.ts'
import { uint, unsignedDecimalString } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/**
 * One wire candle.
 *
 * @example
 * ```ts
 * klineRecordWire.parse({ timestamp: 1767225600, open_price: '1', close_price: '1', high_price: '1', low_price: '1', volume: '0' })
 * ```
 */
export const klineRecordWire = z.object({
  timestamp: uint,
  open_price: unsignedDecimalString,
  close_price: unsignedDecimalString,
  high_price: unsignedDecimalString,
  low_price: unsignedDecimalString,
  volume: unsignedDecimalString,
})

/**
 * A wire candle.
 *
 * @example
 * ```ts
 * declare const k: KlineWire
 * k.open_price
 * ```
 */
export type KlineWire = z.output<typeof klineRecordWire>

/**
 * The wire `data` of both K-line endpoints: an array of candles.
 *
 * @example
 * ```ts
 * klinesWire.parse([])
 * ```
 */
export const klinesWire = z.array(klineRecordWire)

/**
 * A wire candle to its model: time to ms, floored to its minute, so a candle
 * stamped one second after its bucket start lands on the bucket (every step is
 * a whole number of minutes, so every bucket starts on a minute).
 *
 * @param k - A validated wire candle.
 * @returns The normalized candle.
 * @example
 * ```ts
 * toKline({ timestamp: 1767225601, open_price: '1', close_price: '1', high_price: '1', low_price: '1', volume: '0' }).timestamp // 1767225600000
 * ```
 */
export function toKline(k: KlineWire): Kline {
  return klineModel.build(k)
}

/** {@link toKline}'s table, which the generated decoders build the model from too. */
const klineModel = modelMap<Kline>(
  [
    ['timestamp', 'candleTime', 'timestamp'],
    'open_price',
    'high_price',
    'low_price',
    'close_price',
    'volume',
  ],
  { candleTime },
)

/** Both K-line endpoints' `data`: wire candles to models. */
const klinesData = z.array(modelOf(klineRecordWire, klineModel))

/**
 * User-facing K-line parameters: `{ symbol, step, startTime, endTime }` with
 * times in ms or `Date`, step in minutes or an alias; output is the wire query
 * in seconds. Refuses `startTime > endTime` and windows of more than 500
 * candles (the server would silently cut them).
 *
 * @example
 * ```ts
 * klineParams.parse({ symbol: 'BTCUSDT', step: '1h', startTime: 0, endTime: 3_600_000 })
 * // { symbol: 'BTCUSDT', step: 60, start_time: 0, end_time: 3600 }
 * ```
 */
export const klineParams = modelOf(
  markDecoder(
    z
      .object({ symbol: symbolParam, step: stepParam, startTime: timeParam, endTime: timeParam })
      .check((ctx) => {
        const { startTime, endTime, step } = ctx.value
        const problem = klineWindowProblem(startTime, endTime, step)
        if (problem) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            path: [problem.path],
            message: problem.message,
          })
        }
      }),
    { rule: isKlineWindow, ruleKeys: ['startTime', 'endTime', 'step'] },
  ),
  modelMap<{ symbol: string; step: KlineStep; start_time: number; end_time: number }>(
    [
      'symbol',
      'step',
      ['start_time', 'msToSeconds', 'startTime'],
      ['end_time', 'msToSeconds', 'endTime'],
    ],
    { msToSeconds },
  ),
)

/**
 * A K-line wire query as a server receives it.
 *
 * @example
 * ```ts
 * klineQuery.parse({ symbol: 'BTCUSDT', step: '60', start_time: '1767225600', end_time: '1767229200' })
 * ```
 */
export const klineQuery = z
  .object({
    symbol: symbolQuery,
    step: stepQuery,
    start_time: integerQuery('start_time'),
    end_time: integerQuery('end_time'),
  })
  .check(
    z.refine((q) => q.start_time <= q.end_time, {
      error: 'start_time must not be after end_time',
      path: ['start_time'],
    }),
  )

/**
 * Market-price candles of one window.
 *
 * @example
 * ```ts
 * klineEndpoint.params.parse({ symbol: 'BTCUSDT', step: '1h', startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 2) })
 * ```
 */
export const klineEndpoint = defineEndpoint(endpointRoutes['/contract/public/kline'], {
  params: klineParams,
  query: klineQuery,
  wire: klinesWire,
  data: klinesData,
})

/**
 * Mark-price candles of one window.
 *
 * @example
 * ```ts
 * markPriceKlineEndpoint.params.parse({ symbol: 'BTCUSDT', step: 1, startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 1, 1) })
 * ```
 */
export const markPriceKlineEndpoint = defineEndpoint(
  endpointRoutes['/contract/public/markprice-kline'],
  {
    params: klineParams,
    query: klineQuery,
    wire: klinesWire,
    data: klinesData,
  },
)
