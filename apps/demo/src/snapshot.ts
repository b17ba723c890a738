/**
 * Gathers a snapshot: the client fetches (every request paced by its rate
 * limiter), `@perpkit/analytics` computes, and the result is a plain
 * {@link SymbolSnapshot} that both renderers read.
 *
 * @module
 */
import { annualizeFundingRate, multiplyDecimals, timeToNextFunding } from '@perpkit/analytics'
import { type PerpkitClient, UnknownSymbolError } from '@perpkit/client'
import type { Contract, FundingRate, Trade } from '@perpkit/schemas'
import { simulateMarketOrder, summarizeBook } from './book.ts'
import { DemoError } from './demo-error.ts'
import { buildLiquidationTable, isUsablePrice } from './positions.ts'
import type {
  ContractSection,
  DemoDocument,
  FundingSection,
  OrderSize,
  SourceInfo,
  SymbolSnapshot,
  TradeRow,
} from './snapshot-types.ts'

/** Candles in the chart: two days of hourly candles. */
const CHART_CANDLES = 48
/** Trades listed. */
const TRADE_COUNT = 6

const HOUR_MS = 3_600_000
const MARK_WINDOW_MS = 15 * 60_000

/** Options of {@link gatherSnapshot}. */
export interface GatherOptions {
  size: OrderSize
  /** Aborts every request in flight and every wait for a rate-limit slot. */
  signal?: AbortSignal
  /** The clock. @default Date.now */
  now?: () => number
}

async function fetchContract(client: PerpkitClient, symbol: string, signal?: AbortSignal) {
  const options = signal === undefined ? {} : { signal }
  try {
    const [contract] = await client.getContracts({ symbol }, options)
    if (contract !== undefined && contract.symbol === symbol) return contract
  } catch (error) {
    if (!(error instanceof UnknownSymbolError)) throw error
  }
  throw new DemoError(`unknown symbol "${symbol}": the service does not list it`)
}

function describeContract(contract: Contract): ContractSection {
  return {
    productType: contract.productType,
    status: contract.status,
    baseCurrency: contract.baseCurrency,
    quoteCurrency: contract.quoteCurrency,
    tickSize: contract.pricePrecision,
    stepSize: contract.volumePrecision,
    contractSize: contract.contractSize,
    minVolume: contract.minVolume,
    maxVolume: contract.maxVolume,
    minLeverage: contract.minLeverage,
    maxLeverage: contract.maxLeverage,
    fundingIntervalHours: contract.fundingIntervalHours,
    expireTime: contract.expireTimestamp,
    delistTime: contract.delistTime,
  }
}

function describeFunding(
  rate: FundingRate,
  intervalHours: number | null,
  now: number,
): FundingSection {
  const annualize = (value: string) =>
    intervalHours === null ? null : annualizeFundingRate({ rate: value, intervalHours })
  return {
    lastRate: rate.rateValue,
    expectedRate: rate.expectedRate,
    lastAnnualized: annualize(rate.rateValue),
    expectedAnnualized: annualize(rate.expectedRate),
    intervalHours,
    nextFundingTime: rate.fundingTime,
    timeToNextMs: timeToNextFunding({ fundingTime: rate.fundingTime, now }),
    upperLimit: rate.fundingUpperLimit,
    lowerLimit: rate.fundingLowerLimit,
  }
}

function describeTrade(trade: Trade): TradeRow {
  return {
    time: trade.time,
    side: trade.isBuyerMaker ? 'sell' : 'buy',
    price: trade.price,
    qty: trade.qty,
    value: trade.quoteQty,
  }
}

/**
 * Gathers everything shown for one contract: details first (an unknown
 * symbol stops there), then the other endpoints at once.
 *
 * @param client - A client of the deployment.
 * @param symbol - The contract, e.g. `'BTCUSDT'`.
 * @param options - Order size, abort signal, clock.
 * @returns The snapshot of the contract.
 * @throws {@link DemoError} for an unknown symbol; the client's errors otherwise.
 */
async function gatherSnapshot(
  client: PerpkitClient,
  symbol: string,
  options: GatherOptions,
): Promise<SymbolSnapshot> {
  const { signal } = options
  const call = signal === undefined ? {} : { signal }
  const now = (options.now ?? Date.now)()
  const contract = await fetchContract(client, symbol, signal)
  const perpetual = contract.productType === 'perpetual'
  const [rules, depth, trades, funding, openInterest, markCandles, candles] = await Promise.all([
    client.getLeverageBrackets({ symbol }, call),
    client.getDepth({ symbol }, call),
    client.getTrades({ symbol, limit: TRADE_COUNT }, call),
    perpetual ? client.getFundingRate({ symbol }, call) : Promise.resolve(null),
    client.getOpenInterest({ symbol }, call),
    client.getMarkPriceKlines(
      { symbol, step: '1m', startTime: now - MARK_WINDOW_MS, endTime: now },
      call,
    ),
    client.getKlines(
      { symbol, step: '1h', startTime: now - CHART_CANDLES * HOUR_MS, endTime: now },
      call,
    ),
  ])
  const section = describeContract(contract)
  const mark = markCandles.at(-1)?.closePrice ?? null
  const brackets = rules.find((rule) => rule.symbol === symbol)?.brackets ?? []
  const book = summarizeBook(depth, section)
  const entry = isUsablePrice(mark)
    ? { price: mark, reference: 'mark' as const }
    : isUsablePrice(contract.lastPrice)
      ? { price: contract.lastPrice, reference: 'last' as const }
      : null
  return {
    symbol,
    contract: section,
    prices: {
      last: contract.lastPrice,
      mark,
      index: contract.indexPrice,
      change24h: contract.change24h,
      high24h: contract.high24h,
      low24h: contract.low24h,
      volume24h: contract.volume24h,
      turnover24h: contract.turnover24h,
    },
    funding: funding === null ? null : describeFunding(funding, contract.fundingIntervalHours, now),
    openInterest: {
      contracts: openInterest.openInterest,
      base: multiplyDecimals({ values: [openInterest.openInterest, contract.contractSize] }),
      value: openInterest.openInterestValue,
      timestamp: openInterest.timestamp,
    },
    book,
    marketOrder: simulateMarketOrder(depth, options.size, section, book.top.mid),
    trades: trades.slice(0, TRADE_COUNT).map(describeTrade),
    candles: { stepMinutes: 60, candles: candles.slice(-CHART_CANDLES) },
    liquidation:
      entry === null
        ? null
        : buildLiquidationTable(options.size, entry.price, entry.reference, section, brackets),
  }
}

/**
 * Gathers the snapshots of several contracts at once, under one rate limiter
 * (open interest allows 2 requests per 2 s: a third symbol waits for the next window).
 * When one fails, the others are aborted.
 *
 * @param client - A client of the deployment.
 * @param symbols - The contracts.
 * @param source - Where the data comes from (for the document).
 * @param options - Order size, abort signal, clock.
 * @returns The document both renderers read.
 */
export async function gatherDocument(
  client: PerpkitClient,
  symbols: readonly string[],
  source: SourceInfo,
  options: GatherOptions,
): Promise<DemoDocument> {
  const controller = new AbortController()
  const forward = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', forward, { once: true })
  const now = options.now ?? Date.now
  try {
    const snapshots = await Promise.all(
      symbols.map((symbol) =>
        gatherSnapshot(client, symbol, { ...options, signal: controller.signal }).catch(
          (error: unknown) => {
            controller.abort(error)
            throw error
          },
        ),
      ),
    )
    return { generatedAt: now(), source, orderSize: options.size, symbols: snapshots }
  } finally {
    options.signal?.removeEventListener('abort', forward)
  }
}
