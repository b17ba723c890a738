/**
 * The snapshot: plain data, gathered once and read by both renderers (text
 * and JSON). Times are epoch milliseconds; every price, quantity, rate and
 * amount is an exact decimal string, unrounded (renderers round for display).
 *
 * @module
 */
import type { BookLevel, BookMetricsReturnType } from '@perpkit/analytics'
import type { Kline } from '@perpkit/schemas'

/** Size of the example market order and positions. */
export interface OrderSize {
  /** A positive decimal. */
  amount: string
  /** `'quote'`: an amount of the quote currency (USDT); `'contracts'`: a number of contracts. */
  unit: 'quote' | 'contracts'
}

/** Where the data comes from. */
export interface SourceInfo {
  /** `'sandbox'`: the embedded sandbox; `'remote'`: a deployment given with `--base-url`. */
  kind: 'sandbox' | 'remote'
  url: string
  /** Whether requests are signed (HMAC-SHA256 with `@perpkit/signer`). */
  signed: boolean
  /**
   * Whether the server enforces rate limits: `true` for the sandbox, `null`
   * (unknown) for a remote deployment. The client paces requests either way.
   */
  rateLimited: boolean | null
}

/** The whole document: what `--json` prints. */
export interface DemoDocument {
  generatedAt: number
  source: SourceInfo
  orderSize: OrderSize
  symbols: SymbolSnapshot[]
}

/** Everything shown for one contract. */
export interface SymbolSnapshot {
  symbol: string
  contract: ContractSection
  prices: PriceSection
  /** `null` for dated futures, which do not fund. */
  funding: FundingSection | null
  openInterest: OpenInterestSection
  book: BookSection
  marketOrder: MarketOrderSection
  trades: TradeRow[]
  candles: CandleSection
  /** `null` when there is no positive mark or last price to enter at. */
  liquidation: LiquidationSection | null
}

export interface ContractSection {
  productType: 'perpetual' | 'futures'
  /** `null` when the deployment does not say. */
  status: 'Trading' | 'Delisted' | null
  baseCurrency: string
  quoteCurrency: string
  /** Price tick (`pricePrecision`). */
  tickSize: string
  /** Quantity step in contracts (`volumePrecision`). */
  stepSize: string
  /** Base coin per contract. */
  contractSize: string
  minVolume: string
  maxVolume: string
  minLeverage: string
  maxLeverage: string
  fundingIntervalHours: number | null
  expireTime: number | null
  delistTime: number | null
}

interface PriceSection {
  last: string
  /** Close of the last mark-price candle; `null` when there is none. */
  mark: string | null
  index: string
  /** A fraction: `'-0.02134'` is -2.134 %. */
  change24h: string
  high24h: string
  low24h: string
  /** In contracts. */
  volume24h: string
  /** In the quote currency. */
  turnover24h: string
}

export interface FundingSection {
  /** Rate of the previous period (a fraction). */
  lastRate: string
  /** Expected rate of the next period. */
  expectedRate: string
  /** `lastRate` per year, without compounding; `null` when the interval is unknown. */
  lastAnnualized: string | null
  expectedAnnualized: string | null
  intervalHours: number | null
  nextFundingTime: number
  timeToNextMs: number
  upperLimit: string
  lowerLimit: string
}

interface OpenInterestSection {
  /** In contracts. */
  contracts: string
  /** In the base coin: contracts × contract size. */
  base: string
  /** In the quote currency. */
  value: string
  timestamp: number
}

/** The book grouped into buckets of `step`. */
export interface BookGroup {
  step: string
  /** `step` in ticks. */
  ticks: number
  /** Best buckets first, at most five a side. */
  bids: BookLevel[]
  asks: BookLevel[]
  metrics: BookMetricsReturnType
}

export interface BookSection {
  timestamp: number
  bidLevels: number
  askLevels: number
  /** Top-of-book metrics of the raw book (imbalance over ten levels). */
  top: BookMetricsReturnType
  /** Liquidity within ±`pct` % of the mid; `null` when a side is empty. */
  within: { pct: string; bidNotional: string; askNotional: string } | null
  groups: BookGroup[]
}

export interface FillSummary {
  side: 'buy' | 'sell'
  filledQty: string
  avgPrice: string | null
  worstPrice: string | null
  /** In the quote currency. */
  notional: string
  /** `false` when the book ran out first. */
  complete: boolean
  /** Against the mid, positive is worse; `null` when nothing filled or there is no mid. */
  slippageBps: string | null
}

export interface MarketOrderSection {
  size: OrderSize
  /** The mid the slippage is measured from. */
  referencePrice: string | null
  buy: FillSummary
  sell: FillSummary
}

export interface TradeRow {
  time: number
  /** The taker's side. */
  side: 'buy' | 'sell'
  price: string
  /** In the base coin. */
  qty: string
  /** In the quote currency. */
  value: string
}

interface CandleSection {
  /** Candle length in minutes. */
  stepMinutes: number
  /** Oldest first. */
  candles: Kline[]
}

export interface LiquidationRow {
  side: 'long' | 'short'
  leverage: number
  /** `false` when the bracket of this size (or the contract) allows less leverage. */
  allowed: boolean
  /** Isolated margin in the quote currency. */
  margin: string
  /** `null` when not allowed or there is no liquidation price. */
  price: string | null
  /** `(price - entry) / entry`, a fraction; `null` with `price`. */
  distance: string | null
  /** The bracket that holds the notional at the liquidation price. */
  bracket: { bracket: number; maintMarginRatio: string; initialLeverage: number } | null
}

export interface LiquidationSection {
  /** Isolated, one-way, fees excluded: the position's entry price. */
  entryPrice: string
  /** `'mark'`, or `'last'` when there is no mark-price candle. */
  entryReference: 'mark' | 'last'
  /** Position size in contracts. */
  qty: string
  /** Position size in the base coin. */
  baseQty: string
  /** Entry notional in the quote currency. */
  notional: string
  /** Highest leverage the brackets allow at this notional; `null` above the last cap. */
  maxLeverage: number | null
  rows: LiquidationRow[]
}
