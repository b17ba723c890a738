/**
 * One contract as the market sees it: its specification, its
 * price path and the maps from the path to its market and mark prices.
 *
 * @module
 */
import { divideDecimals, formatStepCount } from '@perpkit/analytics'
import type { Candle } from './candle.ts'
import type { ContractSpec } from './contracts.ts'
import { hash2, hash3, hashString, signedUnit } from './hash.ts'
import { priceAtSecond } from './intra-minute.ts'
import { PricePath } from './price-path.ts'

/** Where a contract is in its life at a given time. */
export interface Lifecycle {
  status: 'Trading' | 'Delisted'
  /** The time its market data is frozen at: `now`, or the delisting/settlement time if earlier. */
  asOf: number
  /** Delisting time in epoch ms (expected delisting while trading), or 0 for none. */
  delistTime: number
}

/** Largest distance of the mark price from the market price, as a fraction. */
const MARK_DEVIATION = 0.0004

/** A listed contract with its deterministic market. */
export class ContractModel {
  readonly path: PricePath
  /** Hash of (seed, symbol): the root of this contract's own randomness. */
  readonly key: number
  private readonly premiumFactor: number
  private readonly markFactor: number

  /**
   * @param spec - The static specification.
   * @param seed - Hash of the sandbox seed.
   * @param quirks - Whether this market shows live quirks (see {@link ContractModel.quirk}).
   */
  constructor(
    readonly spec: ContractSpec,
    seed: number,
    readonly quirks: boolean,
  ) {
    this.key = hash2(seed, hashString(spec.symbol))
    this.path = new PricePath(
      seed,
      spec.pathKey,
      ticksOf(spec.basePrice, spec.tick),
      spec.dailyVolume,
    )
    this.premiumFactor = 1 + spec.premium
    // A constant factor keeps mark candles exact aggregates of finer mark candles.
    this.markFactor = 1 + MARK_DEVIATION * signedUnit(hash2(this.key, 0x6d61726b))
  }

  /**
   * Whether quirk `kind` shows on item `index` (a candle's minute, a settlement, ...): about
   * one time in `oneIn`, deterministic from (seed, symbol, kind, index); never without quirks.
   */
  quirk(kind: number, index: number, oneIn: number): boolean {
    return this.quirks && hash3(this.key ^ kind, kind, index) % oneIn === 0
  }

  /** The contract's status and the time its data is frozen at, at time `now` (epoch ms). */
  lifecycle(now: number): Lifecycle {
    const end = this.spec.delistTime ?? this.spec.settleTime
    if (end !== undefined && now >= end) return { status: 'Delisted', asOf: end, delistTime: end }
    return { status: 'Trading', asOf: now, delistTime: end ?? 0 }
  }

  /** The contract's price in ticks for a path price in ticks (futures carry their basis). */
  marketTicks(pathTicks: number): number {
    return this.premiumFactor === 1 ? pathTicks : Math.round(pathTicks * this.premiumFactor)
  }

  /** The mark price in ticks for a path price in ticks: the market price, slightly off. */
  markTicks(pathTicks: number): number {
    return Math.max(1, Math.round(this.marketTicks(pathTicks) * this.markFactor))
  }

  /**
   * Maps a path candle to this contract's market or mark candle. Both maps are
   * non-decreasing, so they commute with max, min, first and last: mapped
   * candles still aggregate exactly.
   */
  mapCandle(candle: Candle, kind: 'market' | 'mark'): Candle {
    if (kind === 'market') {
      if (this.premiumFactor === 1) return candle
      return {
        open: this.marketTicks(candle.open),
        high: this.marketTicks(candle.high),
        low: this.marketTicks(candle.low),
        close: this.marketTicks(candle.close),
        volume: candle.volume,
      }
    }
    return {
      open: this.markTicks(candle.open),
      high: this.markTicks(candle.high),
      low: this.markTicks(candle.low),
      close: this.markTicks(candle.close),
      volume: 0,
    }
  }

  /** Path price in ticks at epoch second `second`. */
  pathPriceAt(second: number): number {
    const minute = Math.floor(second / 60)
    return priceAtSecond(this.path.minuteShape(minute), second - minute * 60)
  }

  /** The last traded price in ticks at time `at` (epoch ms): the price of the latest trade. */
  lastPriceTicks(at: number): number {
    return this.marketTicks(this.pathPriceAt(Math.floor(at / 1000)))
  }

  /** Formats a price in ticks, e.g. `'95000.1'`. */
  formatPrice(ticks: number): string {
    return formatStepCount({ count: ticks, step: this.spec.tick })
  }

  /** Formats a quantity in whole volume steps, e.g. `'12'`. */
  formatSize(steps: number): string {
    return formatStepCount({ count: steps, step: this.spec.volumeStep })
  }
}

/** The nearest whole number of ticks (at least one) to a base price given as a plain number. */
function ticksOf(price: number, tick: string): number {
  return Math.max(1, Number(divideDecimals({ a: price, b: tick, decimals: 0 })))
}
