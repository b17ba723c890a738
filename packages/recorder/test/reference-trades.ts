import { createClient } from '@perpkit/client'
import { rowKey } from './helpers.ts'

/**
 * A sandbox's trades of each second in `[from, to]` (ms), read straight from
 * it over HTTP by moving its clock back 30 s at a time (a batch of 100 spans
 * about 50 s): trades as `time|price|qty|quoteQty|isBuyerMaker`, sorted.
 *
 * @param baseUrl - The sandbox (without a rate limit).
 * @param setNow - Sets the sandbox's clock (epoch ms).
 * @param symbol - The symbol.
 * @param from - First second, ms.
 * @param to - Last second, ms.
 * @returns Sorted rows.
 */
export async function referenceTrades(
  baseUrl: string,
  setNow: (ms: number) => void,
  symbol: string,
  from: number,
  to: number,
): Promise<string[]> {
  const client = createClient({ baseUrl, rateLimit: false })
  const bySecond = new Map<number, string[]>()
  for (let t = to; t >= from - 30_000; t -= 30_000) {
    setNow(t)
    const trades = await client.getTrades({ symbol, limit: 100 })
    const oldest = Math.min(...trades.map((x) => x.time))
    const fresh = new Map<number, string[]>()
    for (const x of trades) {
      // The oldest second of a batch may be cut by the limit: take it from another batch.
      if (x.time === oldest || x.time < from || x.time > to || bySecond.has(x.time)) continue
      const list = fresh.get(x.time) ?? []
      fresh.set(x.time, list)
      list.push(rowKey([x.time, x.price, x.qty, x.quoteQty, x.isBuyerMaker]))
    }
    for (const [second, list] of fresh) bySecond.set(second, list)
  }
  return [...bySecond.values()].flat().sort()
}
