import { contractSample } from '../test/samples.ts'

/**
 * Realistic wire payload texts for the benchmarks: built once, deterministic.
 */

function envelopeText(data: unknown): string {
  return JSON.stringify({ code: 1000, message: 'Ok', trace: 'bench-trace', data })
}

const price = (base: number, i: number, tick: number) => (base + i * tick).toFixed(1)

/** A book with `levels` levels on each side, running totals in the third column. */
export function depthText(levels: number): string {
  let bidTotal = 0
  let askTotal = 0
  const bids: string[][] = []
  const asks: string[][] = []
  for (let i = 0; i < levels; i++) {
    const bq = 1 + ((i * 7919) % 97)
    const aq = 1 + ((i * 104729) % 89)
    bidTotal += bq
    askTotal += aq
    bids.push([price(65000, -i, 0.1), String(bq), String(bidTotal)])
    asks.push([price(65000.1, i, 0.1), String(aq), String(askTotal)])
  }
  return envelopeText({ symbol: 'BTCUSDT', timestamp: 1767225600123, bids, asks })
}

/** `count` one-minute candles. */
export function klineText(count: number): string {
  const start = 1767225600
  const candles = Array.from({ length: count }, (_, i) => {
    const o = 65000 + Math.sin(i / 10) * 100
    return {
      timestamp: start + i * 60,
      open_price: o.toFixed(1),
      close_price: (o + 3.3).toFixed(1),
      high_price: (o + 12.7).toFixed(1),
      low_price: (o - 9.2).toFixed(1),
      volume: String(1000 + ((i * 31) % 500)),
    }
  })
  return envelopeText(candles)
}

/** `count` contract rows shaped like live details rows (with unlisted extras). */
export function detailsText(count: number): string {
  const symbols = Array.from({ length: count }, (_, i) => ({
    ...contractSample(),
    symbol: `COIN${i}USDT`,
    base_currency: `COIN${i}`,
    index_name: `COIN${i}USDT`,
  }))
  return envelopeText({ symbols })
}
