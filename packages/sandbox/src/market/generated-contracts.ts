/**
 * Generated contracts for a catalog the size of a live one: made-up
 * underlyings with believable specifications (prices from a millionth to a
 * hundred thousand, ticks of about five significant digits, contract sizes
 * worth a few USDT, 8-, 4- or 1-hour funding), perpetuals (with dated futures
 * on request, about one in thirty), about one in ten delisted. Contract `i` depends only on `i`, so
 * symbols are the same for every seed and a longer catalog extends a
 * shorter one; their markets come from the seed like every other contract's.
 *
 * @module
 */
import type { BracketTier } from './brackets.ts'
import type { ContractSpec } from './contracts.ts'
import { hash2, Stream } from './hash.ts'

const CONSONANTS = 'BDFGKLMNPRSTVZ'
const VOWELS = 'AEIOU'
const GENERATED = 0x67656e63
const MS_PER_DAY = 86_400_000
/** Generated listings spread from here... */
const FIRST_LISTING = Date.UTC(2020, 2, 18)
/** ...to here, so that every generated contract exists at the dates tests pin. */
const LAST_LISTING = Date.UTC(2025, 11, 31)

/** Risk tiers by liquidity: the deeper the market, the higher the leverage. */
const TIER_TEMPLATES: readonly (readonly BracketTier[])[] = [
  [
    ['5000', '0.025', 20],
    ['50000', '0.05', 10],
    ['250000', '0.1', 5],
  ],
  [
    ['10000', '0.01', 50],
    ['100000', '0.025', 20],
    ['1000000', '0.05', 10],
    ['5000000', '0.1', 5],
  ],
  [
    ['20000', '0.0065', 75],
    ['250000', '0.01', 50],
    ['2000000', '0.025', 20],
    ['10000000', '0.05', 10],
    ['50000000', '0.125', 4],
  ],
]

/** `10^exponent` as a plain decimal string: `-3` gives `'0.001'`, `2` gives `'100'`. */
function powerOfTen(exponent: number): string {
  return exponent >= 0 ? `1${'0'.repeat(exponent)}` : `0.${'0'.repeat(-exponent - 1)}1`
}

/**
 * A pronounceable base currency, unique per index: two or three
 * consonant-vowel syllables and an `X` (no named contract ends so), e.g. `'ZOKAX'`.
 */
function baseNameOf(index: number): string {
  let name = ''
  // Two syllables spell 4,900 names: enough for the even indexes below 4,900.
  const syllables = index % 2 === 0 && index < 4900 ? 2 : 3
  const space = (CONSONANTS.length * VOWELS.length) ** syllables
  // 7919 is prime and shares no factor with the space: a shuffle, still one name per index.
  let rest = (index * 7919) % space
  for (let i = 0; i < syllables; i++) {
    name += `${CONSONANTS[rest % CONSONANTS.length]}${VOWELS[Math.floor(rest / CONSONANTS.length) % VOWELS.length]}`
    rest = Math.floor(rest / (CONSONANTS.length * VOWELS.length))
  }
  return `${name}X`
}

/** The `yymmdd` of an epoch-ms date, as dated futures symbols end. */
function dateSuffix(time: number): string {
  return new Date(time).toISOString().slice(2, 10).replaceAll('-', '')
}

/** The `index`-th generated contract (0-based); a perpetual where a future would be without `datedFutures`. */
function generatedContractSpec(index: number, datedFutures: boolean): ContractSpec {
  const stream = new Stream(hash2(GENERATED, index))
  const base = baseNameOf(index)
  const exponent = Math.floor(stream.next() * 11) - 6
  const basePrice = 10 ** (exponent + stream.next())
  const liquidity = stream.next()
  const dailyVolume = Math.round(10 ** (4 + 3 * liquidity))
  const tiers = TIER_TEMPLATES[Math.min(2, Math.floor(liquidity * 3))] as readonly BracketTier[]
  const listingDays = Math.floor((LAST_LISTING - FIRST_LISTING) / MS_PER_DAY)
  const openTime = FIRST_LISTING + Math.floor(stream.next() * listingDays) * MS_PER_DAY
  const kind = stream.next()
  const common = {
    quoteCurrency: 'USDT',
    minLeverage: '1',
    minVolume: '1',
    baseCurrency: base,
    pathKey: base,
    basePrice,
    premium: 0,
    tick: powerOfTen(exponent - 4),
    volumeStep: '1',
    // A contract worth between 1 and 10 USDT.
    contractSize: powerOfTen(Math.max(-4, Math.min(6, -exponent))),
    maxVolume: String(dailyVolume * 10),
    marketMaxVolume: String(dailyVolume * 2),
    openTime,
    dailyVolume,
    levelSize: Math.max(1, Math.round(dailyVolume / 4000)),
    openInterest: Math.round(dailyVolume / 2),
    tiers,
  }
  if (datedFutures && kind < 0.03) {
    // A dated future: quarterly, expiring a year after its listing at 08:00 UTC.
    const expireTime = openTime + 364 * MS_PER_DAY + 8 * 3_600_000
    return {
      ...common,
      symbol: `${base}USDT_${dateSuffix(expireTime)}`,
      productType: 2,
      premium: 0.002 + 0.004 * stream.next(),
      expireTime,
      settleTime: expireTime,
    }
  }
  const hours = kind < 0.7 ? 8 : kind < 0.95 ? 4 : 1
  const spec: ContractSpec = {
    ...common,
    symbol: `${base}USDT`,
    productType: 1,
    fundingIntervalHours: hours,
  }
  if (stream.next() < 0.1) {
    spec.delistTime = openTime + (30 + Math.floor(stream.next() * 300)) * MS_PER_DAY
  }
  return spec
}

/** The generated contracts `0` to `count - 1`, dated futures among them only with `datedFutures`. */
export function generatedContractSpecs(count: number, datedFutures: boolean): ContractSpec[] {
  return Array.from({ length: count }, (_, index) => generatedContractSpec(index, datedFutures))
}
