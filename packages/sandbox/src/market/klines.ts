/**
 * K-line windows: candles whose open time t (aligned to the step since the
 * epoch) satisfies `start <= t <= end`, ascending, at most the table's
 * `maxRecords` (the first ones: a longer window is clipped, not refused).
 * The end is clipped to now (no future candles; the current one is partial),
 * the start to the listing, and a delisted contract's series ends at its
 * delisting. With quirks, about one candle in seven is stamped one second
 * after its bucket start, as some live candles are.
 *
 * @module
 */
import { candleSpan, type EndpointWire, type KlineStep } from '@perpkit/schemas'
import { candleAsOf } from './aggregate.ts'
import type { ContractModel } from './contract-model.ts'
import { shuffledKeys } from './key-order.ts'

const LATE_CANDLE = 0x6c617465

/** The wire payload of both K-line endpoints. */
export type KlinesWire = EndpointWire<'/contract/public/kline'>

/** What a K-line request asks for: times in epoch seconds, as on the wire. */
export interface KlineWindow {
  step: KlineStep
  startTime: number
  endTime: number
  /** Most candles to return. */
  maxRecords: number
}

/** The market-price or mark-price candles of a window, as seen at `now` (epoch ms). */
export function buildKlines(
  model: ContractModel,
  kind: 'market' | 'mark',
  window: KlineWindow,
  now: number,
): KlinesWire {
  const { asOf } = model.lifecycle(now)
  const from = Math.max(window.startTime * 1000, model.spec.openTime)
  const to = Math.min(window.endTime * 1000, asOf)
  const span = candleSpan(from, to, window.step)
  const count = Math.min(window.maxRecords, span.count)
  const firstMinute = span.first / 60_000
  const nowSecond = Math.floor(asOf / 1000)
  const out: KlinesWire = []
  for (let i = 0; i < count; i++) {
    const openMinute = firstMinute + i * window.step
    const candle = candleAsOf(model.path, openMinute, openMinute + window.step, nowSecond)
    if (candle === undefined) break
    const mapped = model.mapCandle(candle, kind)
    out.push({
      timestamp: openMinute * 60 + (model.quirk(LATE_CANDLE, openMinute, 7) ? 1 : 0),
      open_price: model.formatPrice(mapped.open),
      close_price: model.formatPrice(mapped.close),
      high_price: model.formatPrice(mapped.high),
      low_price: model.formatPrice(mapped.low),
      volume: String(mapped.volume),
    })
  }
  return out
}

const KLINE_KEYS = [
  'timestamp',
  'open_price',
  'close_price',
  'high_price',
  'low_price',
  'volume',
] as const

/**
 * Writes candles as JSON text, the same as `JSON.stringify` gives but several
 * times faster: every value is a number or a plain decimal string, so nothing
 * needs escaping. With `orderKey` (quirks), the keys come in the order it
 * draws, the same for every candle of the answer.
 */
export function klinesToJson(klines: KlinesWire, orderKey?: number): string {
  if (orderKey === undefined) {
    let out = '['
    for (let i = 0; i < klines.length; i++) {
      const k = klines[i] as KlinesWire[number]
      out += `${i === 0 ? '' : ','}{"timestamp":${k.timestamp},"open_price":"${k.open_price}","close_price":"${k.close_price}","high_price":"${k.high_price}","low_price":"${k.low_price}","volume":"${k.volume}"}`
    }
    return `${out}]`
  }
  const order = shuffledKeys(KLINE_KEYS, orderKey)
  let out = '['
  for (let i = 0; i < klines.length; i++) {
    const k = klines[i] as KlinesWire[number]
    let row = ''
    for (const key of order) {
      const value = key === 'timestamp' ? String(k.timestamp) : `"${k[key]}"`
      row += `${row === '' ? '' : ','}"${key}":${value}`
    }
    out += `${i === 0 ? '' : ','}{${row}}`
  }
  return `${out}]`
}
