/**
 * Normalized models: what every `@perpkit/client` method returns.
 *
 * The same rules hold everywhere: times are epoch **milliseconds** whatever the
 * wire unit; prices, quantities, rates and amounts are exact decimal
 * **strings**; counts and enums are numbers or string unions; field names are
 * the wire's names in camelCase; "none" values (`0`, `null`, `""`) are `null`.
 *
 * @module
 */

/**
 * An exact decimal number as a string, e.g. `"65000.1"` or `"-0.0375"`.
 * Never converted to a float: open interest alone carries 18+ decimals.
 *
 * @example
 * ```ts
 * const price: DecimalString = '65000.1'
 * ```
 */
export type DecimalString = string

/**
 * Epoch milliseconds.
 *
 * @example
 * ```ts
 * const t: EpochMs = Date.UTC(2026, 0, 1)
 * ```
 */
export type EpochMs = number

/**
 * One candle of a market-price or mark-price K-line series.
 *
 * @example
 * ```ts
 * const k: Kline = {
 *   timestamp: 1767225600000, openPrice: '65000', highPrice: '65100',
 *   lowPrice: '64950', closePrice: '65050', volume: '1234',
 * }
 * ```
 */
export interface Kline {
  /** Candle open time (ms), normalized to the bucket start even when the wire stamps it a second late. */
  timestamp: EpochMs
  /** Open price, in the quote currency (USDT). */
  openPrice: DecimalString
  /** Highest price, in the quote currency (USDT). */
  highPrice: DecimalString
  /** Lowest price, in the quote currency (USDT). */
  lowPrice: DecimalString
  /** Close price (the last price while the candle is open), in the quote currency (USDT). */
  closePrice: DecimalString
  /** Volume in contracts (often `"0"` on mark-price candles). */
  volume: DecimalString
}

/**
 * One market trade (newest first in a list).
 *
 * @example
 * ```ts
 * const t: Trade = {
 *   symbol: 'BTCUSDT', price: '65000', qty: '0.01', quoteQty: '650',
 *   time: 1767225600000, isBuyerMaker: true,
 * }
 * ```
 */
export interface Trade {
  /** Contract symbol, e.g. `"BTCUSDT"`. */
  symbol: string
  /** Trade price, in the quote currency (USDT). */
  price: DecimalString
  /** Quantity in the base coin. */
  qty: DecimalString
  /** Value in the quote currency (USDT). */
  quoteQty: DecimalString
  /** Trade time (ms); the wire sends seconds. */
  time: EpochMs
  /** True when the buyer was the maker, i.e. the taker sold. */
  isBuyerMaker: boolean
}

/**
 * The current funding rate of one contract.
 *
 * @example
 * ```ts
 * const f: FundingRate = {
 *   symbol: 'BTCUSDT', timestamp: 1767225600000, rateValue: '0.0001',
 *   expectedRate: '0.00012', fundingTime: 1767254400000,
 *   fundingUpperLimit: '0.0375', fundingLowerLimit: '-0.0375',
 *   fundingIntervalHours: null,
 * }
 * ```
 */
export interface FundingRate {
  /** Contract symbol. */
  symbol: string
  /**
   * When the server took the figures (ms); `null` on funding-rate-v2 rows,
   * which live servers send without one.
   */
  timestamp: EpochMs | null
  /** Funding rate of the previous period, a fraction (`"0.0001"` is 0.01 %). */
  rateValue: DecimalString
  /** Expected funding rate of the next period, a fraction. */
  expectedRate: DecimalString
  /** Next funding settlement time (ms). */
  fundingTime: EpochMs
  /** Highest rate the period may settle at, a fraction (`"0.0375"` is 3.75 %). */
  fundingUpperLimit: DecimalString
  /** Lowest rate the period may settle at, a fraction. */
  fundingLowerLimit: DecimalString
  /**
   * Hours between settlements, from the `funding_interval_hours` that
   * funding-rate-v2 rows may carry; `null` otherwise (funding-rate's rows
   * never do).
   */
  fundingIntervalHours: number | null
}

/**
 * One settled funding rate (newest first in a list).
 *
 * @example
 * ```ts
 * const r: FundingRateRecord = { symbol: 'BTCUSDT', fundingRate: '0.0001', fundingTime: 1767225600000 }
 * ```
 */
export interface FundingRateRecord {
  /** Contract symbol. */
  symbol: string
  /** Settled rate of the period, a fraction (`"0.0001"` is 0.01 %). */
  fundingRate: DecimalString
  /** Settlement time (ms); the wire sends a string or a number. */
  fundingTime: EpochMs
}

/**
 * Product type of a contract: `1` on the wire is `'perpetual'`, `2` is `'futures'`.
 *
 * @example
 * ```ts
 * const t: ProductType = 'perpetual'
 * ```
 */
export type ProductType = 'perpetual' | 'futures'

/**
 * Trading status of a contract.
 *
 * @example
 * ```ts
 * const s: ContractStatus = 'Trading'
 * ```
 */
export type ContractStatus = 'Trading' | 'Delisted'

/**
 * Details of one contract. Fields that older payloads lack are `null`.
 *
 * @example
 * ```ts
 * declare const c: Contract
 * const tick = c.pricePrecision // '0.1' is a step size, not a digit count
 * ```
 */
export interface Contract {
  /** Contract symbol, e.g. `"BTCUSDT"`. */
  symbol: string
  /** Perpetual or dated futures. */
  productType: ProductType
  /** Base coin, e.g. `"BTC"`. */
  baseCurrency: string
  /** Quote currency, e.g. `"USDT"`. */
  quoteCurrency: string
  /** Quantity step in contracts (e.g. `"1"`), not a digit count; `vol_precision` on the wire. */
  volumePrecision: DecimalString
  /** Price tick in the quote currency (e.g. `"0.1"`), not a digit count. */
  pricePrecision: DecimalString
  /** Largest limit-order quantity, in contracts. */
  maxVolume: DecimalString
  /** Largest market-order quantity, in contracts; `null` on older rows. */
  marketMaxVolume: DecimalString | null
  /** Smallest order quantity, in contracts. */
  minVolume: DecimalString
  /** Base-coin quantity of one contract. */
  contractSize: DecimalString
  /** Index price, in the quote currency (USDT). */
  indexPrice: DecimalString
  /** Name of the price index. */
  indexName: string
  /** Smallest leverage, a multiple (`"1"` is 1x). */
  minLeverage: DecimalString
  /** Largest leverage, a multiple. */
  maxLeverage: DecimalString
  /** Traded value over the last 24 h, in the quote currency. */
  turnover24h: DecimalString
  /** Traded volume over the last 24 h, in contracts. */
  volume24h: DecimalString
  /** Last trade price, in the quote currency (USDT). */
  lastPrice: DecimalString
  /** First opening time (ms; older payloads sent seconds). */
  openTimestamp: EpochMs
  /** Expiry (ms), `null` for contracts that do not expire. */
  expireTimestamp: EpochMs | null
  /** Settlement (ms), `null` when there is no automatic settlement. */
  settleTimestamp: EpochMs | null
  /** Funding rate of the current period, a fraction. */
  fundingRate: DecimalString
  /** Expected rate of the next period, a fraction. */
  expectedFundingRate: DecimalString
  /** Open interest, in contracts. */
  openInterest: DecimalString
  /** Value of the open interest, in the quote currency. */
  openInterestValue: DecimalString
  /** Highest price over the last 24 h, in the quote currency (USDT). */
  high24h: DecimalString
  /** Lowest price over the last 24 h, in the quote currency (USDT). */
  low24h: DecimalString
  /** 24 h change as a decimal fraction (`"0.0123"` is +1.23 %). */
  change24h: DecimalString
  /** Hours between funding settlements; `null` on older rows. */
  fundingIntervalHours: number | null
  /** Trading status; `null` on older rows. */
  status: ContractStatus | null
  /** Delisting time (ms; expected time while trading), `null` when none. */
  delistTime: EpochMs | null
  /**
   * Next funding settlement (ms), from the `funding_time` that live rows carry
   * beyond the spec's table; `null` when the row has none.
   */
  nextFundingTime: EpochMs | null
  /**
   * What a contract on a traditional market tracks (shares, indices, FX,
   * metals), from `tradfi_info`; `null` on crypto contracts and on rows
   * without the key (it is beyond the spec's table).
   */
  tradfiInfo: TradfiInfo | null
}

/**
 * The traditional market a TradFi contract tracks (`tradfi_info` on the wire).
 *
 * @example
 * ```ts
 * const info: TradfiInfo = { marketGroup: 'US_MARKET' }
 * ```
 */
export interface TradfiInfo {
  /** The market group, e.g. `"US_MARKET"`, `"HK_STOCK"`, `"FOREX"`, `"INDEX_JP"`; `null` when not given. */
  marketGroup: string | null
}

/**
 * One risk bracket of a leverage table (ascending by `bracket`).
 *
 * @example
 * ```ts
 * const b: LeverageBracket = {
 *   bracket: 1, initialLeverage: 125, notionalFloor: '0', notionalCap: '50000',
 *   maintMarginRatio: '0.004', cum: '0',
 * }
 * ```
 */
export interface LeverageBracket {
  /** Tier number, from 1. */
  bracket: number
  /** Largest leverage allowed in this tier, a multiple (`125` is 125x). */
  initialLeverage: number
  /** Upper bound of the tier (inclusive), position value in the quote currency. */
  notionalCap: DecimalString
  /** Lower bound of the tier (exclusive), position value in the quote currency. */
  notionalFloor: DecimalString
  /** Maintenance margin rate, a fraction (`"0.004"` is 0.4 %). */
  maintMarginRatio: DecimalString
  /** Cumulative maintenance amount in the quote currency, so that `mm = notional * mmr - cum`. */
  cum: DecimalString
}

/**
 * The leverage bracket table of one contract.
 *
 * @example
 * ```ts
 * declare const rule: LeverageRule
 * const top = rule.brackets.at(-1)?.notionalCap
 * ```
 */
export interface LeverageRule {
  /** Contract symbol. */
  symbol: string
  /** The tiers, ascending by `bracket`. */
  brackets: LeverageBracket[]
}

/**
 * One price level of an order book.
 *
 * @example
 * ```ts
 * const level: DepthLevel = { price: '65000.1', qty: '12', total: '40' }
 * ```
 */
export interface DepthLevel {
  /** Price of the level, in the quote currency (USDT). */
  price: DecimalString
  /** Quantity at this price, in contracts. */
  qty: DecimalString
  /** Running total from the top of the book down to this level, in contracts. */
  total: DecimalString
}

/**
 * An order-book snapshot: bids best (highest) first, asks best (lowest) first.
 * An empty side is `[]` (the wire may send `null`).
 *
 * @example
 * ```ts
 * declare const d: Depth
 * const bestBid = d.bids[0]?.price
 * ```
 */
export interface Depth {
  /** Contract symbol. */
  symbol: string
  /** Snapshot time (ms). */
  timestamp: EpochMs
  /** Buy levels, highest price first; `[]` when empty. */
  bids: DepthLevel[]
  /** Sell levels, lowest price first; `[]` when empty. */
  asks: DepthLevel[]
}

/**
 * Open interest of one contract.
 *
 * @example
 * ```ts
 * declare const oi: OpenInterest
 * oi.openInterest // '123456.000000000000000001': exact, never a float
 * ```
 */
export interface OpenInterest {
  /** Contract symbol. */
  symbol: string
  /** Time of this reading (ms). */
  timestamp: EpochMs
  /** Open interest, in contracts. */
  openInterest: DecimalString
  /** Value of the open interest, in the quote currency. */
  openInterestValue: DecimalString
}
