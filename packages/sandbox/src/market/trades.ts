/**
 * The latest trades, newest first: every second has one to three trades at
 * the path's price of that second, so the newest trade is always at the
 * current price (the close of the current candle).
 *
 * @module
 */
import { contractsToBase, multiplyDecimals } from '@perpkit/analytics'
import type { TradeWire } from '@perpkit/schemas'
import type { ContractModel } from './contract-model.ts'
import { hash2, hash3, unit } from './hash.ts'

const TRADES = 0x74726164

/** The `limit` latest trades at `now` (epoch ms), newest first; none for a delisted contract. */
export function buildTrades(model: ContractModel, limit: number, now: number): TradeWire[] {
  const out: TradeWire[] = []
  if (model.lifecycle(now).status === 'Delisted') return out
  const { spec } = model
  const meanContracts = Math.max(1, spec.levelSize / 8)
  let second = Math.floor(now / 1000)
  let price = model.pathPriceAt(second)
  while (out.length < limit && second * 1000 >= spec.openTime) {
    const previous = model.pathPriceAt(second - 1)
    const h = hash3(model.key, TRADES, second)
    const count = 1 + (h % 3)
    const priceText = model.formatPrice(model.marketTicks(price))
    for (let j = count - 1; j >= 0 && out.length < limit; j--) {
      const r = hash2(h, j)
      const contracts = 1 + Math.floor(-Math.log(1 - unit(r)) * meanContracts)
      const qty = contractsToBase({ contracts, contractSize: spec.contractSize })
      out.push({
        symbol: spec.symbol,
        price: priceText,
        qty,
        quote_qty: multiplyDecimals({ values: [priceText, qty] }),
        time: second,
        // A falling price is taken by sellers: the buyer is the maker.
        is_buyer_maker: price < previous ? true : price > previous ? false : (r & 1) === 1,
      })
    }
    second -= 1
    price = previous
  }
  return out
}
