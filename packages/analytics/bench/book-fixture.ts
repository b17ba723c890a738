import type { Depth, DepthLevel } from '@perpkit/schemas'

/** A deterministic pseudo-random generator (LCG), so every run times the same book. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/**
 * A realistic BTCUSDT-like book: tick 0.1, `levelsPerSide` levels on each
 * side with occasional gaps, integer quantities. Returns the wire payload
 * text (what `JSON.parse` would read) and the normalized `Depth` model.
 */
export function createBook(levelsPerSide: number): { text: string; depth: Depth } {
  const random = createRandom(42)
  const side = (direction: 1 | -1, startTicks: number): string[][] => {
    const levels: string[][] = []
    let ticks = startTicks
    let total = 0
    for (let i = 0; i < levelsPerSide; i++) {
      const qty = 1 + Math.floor(random() * 500)
      total += qty
      levels.push([(ticks / 10).toFixed(1), String(qty), String(total)])
      ticks += direction * (1 + (random() < 0.3 ? Math.floor(random() * 3) : 0))
    }
    return levels
  }
  const bids = side(-1, 650_000)
  const asks = side(1, 650_001)
  const text = JSON.stringify({
    code: 1000,
    message: 'Ok',
    trace: 'x',
    data: { symbol: 'BTCUSDT', timestamp: 1, bids, asks },
  })
  const toLevel = ([price = '', qty = '', total = '']: string[]): DepthLevel => ({
    price,
    qty,
    total,
  })
  const depth: Depth = {
    symbol: 'BTCUSDT',
    timestamp: 1,
    bids: bids.map(toLevel),
    asks: asks.map(toLevel),
  }
  return { text, depth }
}
