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
    symbol: `COIN${i}USDT`,
    product_type: 1,
    open_timestamp: 1594080000000,
    expire_timestamp: 0,
    settle_timestamp: 0,
    base_currency: `COIN${i}`,
    quote_currency: 'USDT',
    last_price: '23920',
    volume_24h: '18969368',
    turnover_24h: '458933659.7858',
    index_price: '23945.25191635',
    index_name: `COIN${i}USDT`,
    contract_size: '0.001',
    min_leverage: '1',
    max_leverage: '100',
    price_precision: '0.1',
    vol_precision: '1',
    max_volume: '500000',
    market_max_volume: '500000',
    min_volume: '1',
    funding_rate: '0.0001',
    expected_funding_rate: '0.00011',
    open_interest: '4134180870',
    open_interest_value: '94100888927.0433258',
    high_24h: '23900',
    low_24h: '23100',
    change_24h: '0.004',
    funding_interval_hours: 8,
    status: 'Trading',
    delist_time: 0,
    funding_time: 1767254400000,
    tradfi_info: null,
  }))
  return envelopeText({ symbols })
}
