/**
 * The contracts the sandbox lists: static specifications. Everything that
 * moves (prices, volumes, books, funding, open interest) is derived from
 * these and the seed.
 *
 * @module
 */
import type { BracketTier } from './brackets.ts'

/** Static specification of one listed contract. */
export interface ContractSpec {
  symbol: string
  /** `1` perpetual, `2` dated futures. */
  productType: 1 | 2
  baseCurrency: string
  quoteCurrency: string
  /** Identity of the price path: contracts on the same underlying share it. */
  pathKey: string
  /** Typical price of the underlying, in quote currency. */
  basePrice: number
  /** Constant basis of this contract over its path (futures premium), e.g. `0.004`. */
  premium: number
  /** Price tick (`price_precision`). */
  tick: string
  /** Size step of quantities in contracts (`vol_precision`). */
  volumeStep: string
  /** Base coin per contract. */
  contractSize: string
  minVolume: string
  maxVolume: string
  /** Absent on older rows (which, with quirks, also give `open_timestamp` in seconds). */
  marketMaxVolume?: string
  minLeverage: string
  /** Funding interval in hours; absent for dated futures (they do not fund). */
  fundingIntervalHours?: number
  /** Listing time, epoch ms. */
  openTime: number
  /** Expiry and settlement of dated futures, epoch ms. */
  expireTime?: number
  settleTime?: number
  /** Delisting time of a delisted contract, epoch ms. */
  delistTime?: number
  /** A thin book (with quirks on): one side only, or no levels at all (`null` sides). */
  book?: 'one-sided' | 'empty'
  /** Typical contracts traded per day. */
  dailyVolume: number
  /** Typical contracts resting on one book level. */
  levelSize: number
  /** Typical open interest in contracts. */
  openInterest: number
  /** Risk tiers: notional cap, maintenance margin ratio, max leverage. */
  tiers: readonly BracketTier[]
}

/**
 * The dated futures contract: quarterly, listed the last Friday of June 2025
 * and expiring the last Friday of March 2027, at 08:00 UTC.
 */
const FUTURES_LISTING = Date.UTC(2025, 5, 27, 8)
const FUTURES_EXPIRY = Date.UTC(2027, 2, 26, 8)

/** The fields every USDT-margined named contract shares. */
export const usdt = { quoteCurrency: 'USDT', minLeverage: '1', minVolume: '1' } as const

/** The main named contracts, in the order details returns them. */
export const contractSpecs: readonly ContractSpec[] = [
  {
    ...usdt,
    symbol: 'BTCUSDT',
    productType: 1,
    baseCurrency: 'BTC',
    pathKey: 'BTC',
    basePrice: 95_000,
    premium: 0,
    tick: '0.1',
    volumeStep: '1',
    contractSize: '0.001',
    maxVolume: '500000',
    marketMaxVolume: '100000',
    fundingIntervalHours: 8,
    openTime: Date.UTC(2020, 2, 18),
    dailyVolume: 30_000_000,
    levelSize: 400,
    openInterest: 15_000_000,
    tiers: [
      ['50000', '0.004', 125],
      ['250000', '0.005', 100],
      ['1000000', '0.01', 50],
      ['5000000', '0.025', 20],
      ['20000000', '0.05', 10],
      ['50000000', '0.1', 5],
      ['100000000', '0.125', 4],
      ['200000000', '0.15', 3],
      ['500000000', '0.25', 2],
      ['1000000000', '0.5', 1],
    ],
  },
  {
    ...usdt,
    symbol: 'ETHUSDT',
    productType: 1,
    baseCurrency: 'ETH',
    pathKey: 'ETH',
    basePrice: 3_200,
    premium: 0,
    tick: '0.01',
    volumeStep: '1',
    contractSize: '0.01',
    maxVolume: '1000000',
    marketMaxVolume: '200000',
    fundingIntervalHours: 8,
    openTime: Date.UTC(2020, 2, 18),
    dailyVolume: 20_000_000,
    levelSize: 500,
    openInterest: 8_000_000,
    tiers: [
      ['25000', '0.005', 100],
      ['100000', '0.0065', 75],
      ['500000', '0.01', 50],
      ['1000000', '0.02', 25],
      ['2000000', '0.05', 10],
      ['5000000', '0.1', 5],
      ['10000000', '0.125', 4],
      ['50000000', '0.25', 2],
    ],
  },
  {
    ...usdt,
    symbol: 'SOLUSDT',
    productType: 1,
    baseCurrency: 'SOL',
    pathKey: 'SOL',
    basePrice: 140,
    premium: 0,
    tick: '0.001',
    volumeStep: '1',
    contractSize: '1',
    maxVolume: '200000',
    marketMaxVolume: '50000',
    fundingIntervalHours: 8,
    openTime: Date.UTC(2021, 4, 10),
    dailyVolume: 1_500_000,
    levelSize: 60,
    openInterest: 700_000,
    tiers: [
      ['10000', '0.01', 75],
      ['50000', '0.025', 25],
      ['250000', '0.05', 10],
      ['1000000', '0.1', 5],
      ['3000000', '0.125', 4],
      ['10000000', '0.5', 1],
    ],
  },
  {
    ...usdt,
    symbol: 'XRPUSDT',
    productType: 1,
    baseCurrency: 'XRP',
    pathKey: 'XRP',
    basePrice: 2.2,
    premium: 0,
    tick: '0.0001',
    volumeStep: '1',
    contractSize: '10',
    maxVolume: '3000000',
    marketMaxVolume: '500000',
    fundingIntervalHours: 8,
    openTime: Date.UTC(2020, 5, 1),
    dailyVolume: 3_000_000,
    levelSize: 300,
    openInterest: 2_000_000,
    tiers: [
      ['5000', '0.01', 50],
      ['25000', '0.015', 40],
      ['100000', '0.025', 20],
      ['500000', '0.05', 10],
      ['2000000', '0.1', 5],
      ['5000000', '0.25', 2],
    ],
  },
  {
    ...usdt,
    symbol: 'DOGEUSDT',
    productType: 1,
    baseCurrency: 'DOGE',
    pathKey: 'DOGE',
    basePrice: 0.16,
    premium: 0,
    tick: '0.00001',
    volumeStep: '1',
    contractSize: '100',
    maxVolume: '2000000',
    marketMaxVolume: '400000',
    fundingIntervalHours: 4,
    openTime: Date.UTC(2021, 4, 7),
    dailyVolume: 4_000_000,
    levelSize: 400,
    openInterest: 3_000_000,
    tiers: [
      ['10000', '0.0065', 75],
      ['50000', '0.01', 50],
      ['250000', '0.025', 20],
      ['1000000', '0.05', 10],
      ['5000000', '0.1', 5],
      ['20000000', '0.25', 2],
    ],
  },
  {
    ...usdt,
    symbol: '1000PEPEUSDT',
    productType: 1,
    baseCurrency: '1000PEPE',
    pathKey: 'PEPE',
    basePrice: 0.0105,
    premium: 0,
    tick: '0.0000001',
    volumeStep: '1',
    contractSize: '1000',
    maxVolume: '5000000',
    marketMaxVolume: '1000000',
    fundingIntervalHours: 4,
    openTime: Date.UTC(2023, 4, 5),
    dailyVolume: 6_000_000,
    levelSize: 900,
    openInterest: 5_000_000,
    tiers: [
      ['5000', '0.01', 50],
      ['25000', '0.02', 25],
      ['100000', '0.05', 10],
      ['500000', '0.1', 5],
      ['1000000', '0.25', 2],
    ],
  },
  {
    ...usdt,
    symbol: 'BTCUSDT_270326',
    productType: 2,
    baseCurrency: 'BTC',
    pathKey: 'BTC',
    basePrice: 95_000,
    premium: 0.004,
    tick: '0.1',
    volumeStep: '1',
    contractSize: '0.001',
    maxVolume: '100000',
    marketMaxVolume: '20000',
    openTime: FUTURES_LISTING,
    expireTime: FUTURES_EXPIRY,
    settleTime: FUTURES_EXPIRY,
    dailyVolume: 400_000,
    levelSize: 50,
    openInterest: 300_000,
    tiers: [
      ['100000', '0.01', 50],
      ['500000', '0.025', 20],
      ['2000000', '0.05', 10],
      ['10000000', '0.1', 5],
      ['50000000', '0.25', 2],
    ],
  },
  {
    quoteCurrency: 'USDT',
    minLeverage: '1',
    minVolume: '1',
    symbol: 'LUNAUSDT',
    productType: 1,
    baseCurrency: 'LUNA',
    pathKey: 'LUNA',
    basePrice: 80,
    premium: 0,
    tick: '0.001',
    volumeStep: '1',
    contractSize: '1',
    maxVolume: '100000',
    fundingIntervalHours: 8,
    openTime: Date.UTC(2021, 5, 1),
    delistTime: Date.UTC(2022, 4, 13),
    dailyVolume: 800_000,
    levelSize: 40,
    openInterest: 250_000,
    tiers: [
      ['5000', '0.025', 20],
      ['50000', '0.05', 10],
      ['250000', '0.1', 5],
    ],
  },
]
