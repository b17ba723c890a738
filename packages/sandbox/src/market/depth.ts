/**
 * The order book at "now": deterministic per (seed, symbol, second). The best
 * bid and ask bracket the last traded price (the mid is within half a spread
 * of it); levels step away one or two ticks at a time; sizes are whole volume
 * steps; the third column is the running total from the top of the book.
 * With quirks, the thin contracts have a one-sided book (asks `null`, a few
 * bids) or an empty one (both sides `null`), still with code 1000.
 *
 * @module
 */
import type { DepthLevelWire, EndpointWire } from '@perpkit/schemas'
import type { ContractModel } from './contract-model.ts'
import { hash3, Stream } from './hash.ts'
import { shuffledKeys } from './key-order.ts'

/** The wire payload of the depth endpoint. */
export type DepthWire = EndpointWire<'/contract/public/depth'>

const DEPTH = 0x64657074

/** The book of `levels` levels a side at `now` (epoch ms); both sides `null` once delisted. */
export function buildDepth(model: ContractModel, levels: number, now: number): DepthWire {
  const { spec } = model
  if (model.lifecycle(now).status === 'Delisted') {
    return { timestamp: now, symbol: spec.symbol, bids: null, asks: null }
  }
  const second = Math.floor(now / 1000)
  const last = model.lastPriceTicks(now)
  const stream = new Stream(hash3(model.key, DEPTH, second))
  const bestBid = Math.max(1, last - (stream.next() < 0.5 ? 1 : 0))
  const bestAsk = Math.max(bestBid + 1, last) + (stream.next() < 0.15 ? 1 : 0)
  const book = model.quirks ? spec.book : undefined
  if (book === 'empty') return { timestamp: now, symbol: spec.symbol, bids: null, asks: null }
  return {
    timestamp: now,
    symbol: spec.symbol,
    bids: buildSide(
      model,
      stream,
      bestBid,
      -1,
      book === 'one-sided' ? Math.min(3, levels) : levels,
    ),
    asks: book === 'one-sided' ? null : buildSide(model, stream, bestAsk, 1, levels),
  }
}

function buildSide(
  model: ContractModel,
  stream: Stream,
  best: number,
  direction: 1 | -1,
  levels: number,
): DepthLevelWire[] {
  const side: DepthLevelWire[] = []
  const typical = model.spec.levelSize
  let price = best
  let total = 0
  for (let i = 0; i < levels && price >= 1; i++) {
    // Thin at the touch, thicker and lumpier deeper in the book.
    const u = stream.next()
    const size = Math.max(1, Math.round(typical * (0.1 + 2.5 * u * u) * (1 + i / levels)))
    total += size
    side.push([model.formatPrice(price), model.formatSize(size), model.formatSize(total)])
    price += direction * (stream.next() < 0.25 ? 2 : 1)
  }
  return side
}

function sideToJson(side: DepthLevelWire[] | null): string {
  if (side === null) return 'null'
  let out = '['
  for (let i = 0; i < side.length; i++) {
    const [price, size, total] = side[i] as DepthLevelWire
    out += `${i === 0 ? '' : ','}["${price}","${size}","${total}"]`
  }
  return `${out}]`
}

const DEPTH_KEYS = ['timestamp', 'symbol', 'bids', 'asks'] as const

/**
 * Writes a book as JSON text, the same as `JSON.stringify` gives but faster:
 * the symbol comes from the contract table and every level is plain decimal
 * strings, so nothing needs escaping. With `orderKey` (quirks), the four keys
 * come in the order it draws.
 */
export function depthToJson(book: DepthWire, orderKey?: number): string {
  const parts = {
    timestamp: String(book.timestamp),
    symbol: `"${book.symbol}"`,
    bids: sideToJson(book.bids),
    asks: sideToJson(book.asks),
  }
  const order = orderKey === undefined ? DEPTH_KEYS : shuffledKeys(DEPTH_KEYS, orderKey)
  return `{${order.map((key) => `"${key}":${parts[key]}`).join(',')}}`
}
