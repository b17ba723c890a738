/**
 * The thin named contracts: listed and trading, with the books illiquid live
 * contracts have.
 *
 * @module
 */
import { type ContractSpec, usdt } from './contracts.ts'

/**
 * The thin contracts: a one-sided book and an empty one (`null` sides, code
 * 1000), as illiquid live contracts have (with quirks on).
 */
export const thinContractSpecs: readonly ContractSpec[] = [
  {
    ...usdt,
    symbol: 'ACEUSDT',
    productType: 1,
    baseCurrency: 'ACE',
    pathKey: 'ACE',
    basePrice: 0.62,
    premium: 0,
    tick: '0.0001',
    volumeStep: '1',
    contractSize: '10',
    maxVolume: '50000',
    marketMaxVolume: '10000',
    fundingIntervalHours: 8,
    openTime: Date.UTC(2024, 0, 10),
    book: 'one-sided',
    dailyVolume: 20_000,
    levelSize: 15,
    openInterest: 40_000,
    tiers: [
      ['5000', '0.025', 20],
      ['50000', '0.05', 10],
    ],
  },
  {
    ...usdt,
    symbol: 'NTRNUSDT',
    productType: 1,
    baseCurrency: 'NTRN',
    pathKey: 'NTRN',
    basePrice: 0.11,
    premium: 0,
    tick: '0.00001',
    volumeStep: '1',
    contractSize: '100',
    maxVolume: '50000',
    marketMaxVolume: '10000',
    fundingIntervalHours: 8,
    openTime: Date.UTC(2024, 1, 5),
    book: 'empty',
    dailyVolume: 5_000,
    levelSize: 10,
    openInterest: 20_000,
    tiers: [
      ['5000', '0.025', 20],
      ['50000', '0.05', 10],
    ],
  },
]
