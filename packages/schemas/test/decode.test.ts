import { describe, expect, it } from 'vitest'
import {
  decodeData,
  type EndpointPath,
  endpointPaths,
  endpointRoutes,
  endpoints,
} from '../src/index.ts'
import {
  bracketSample,
  contractSample,
  depthSample,
  fundingHistorySample,
  fundingRateSample,
  fundingRatesSample,
  klineSample,
  openInterestSample,
  tradeSample,
} from './samples.ts'

function decode<P extends EndpointPath>(path: P, data: unknown) {
  const result = decodeData(endpoints[path], data)
  if (!result.success) throw new Error(JSON.stringify(result.issues))
  return result.data
}

function issuesOf(path: EndpointPath, data: unknown) {
  const result = decodeData(endpoints[path], data)
  if (result.success) throw new Error('expected the payload to be refused')
  return result.issues
}

const samples: Record<EndpointPath, () => unknown> = {
  '/contract/public/kline': klineSample,
  '/contract/public/markprice-kline': klineSample,
  '/contract/public/market-trade': tradeSample,
  '/contract/public/funding-rate': fundingRateSample,
  '/contract/public/funding-rate-history': fundingHistorySample,
  '/contract/public/details': () => ({ symbols: [contractSample()] }),
  '/contract/public/leverage-bracket': bracketSample,
  '/contract/public/depth': depthSample,
  '/contract/public/open-interest': openInterestSample,
  '/contract/public/funding-rate-v2': fundingRatesSample,
}

describe('the endpoint table', () => {
  it("joins every route with its schemas under the route's own path", () => {
    expect(Object.keys(endpoints)).toEqual(endpointPaths)
    for (const path of endpointPaths) {
      expect(endpoints[path]).toMatchObject(endpointRoutes[path])
    }
  })

  it('gives each endpoint its own client method name', () => {
    const names = endpointPaths.map((path) => endpointRoutes[path].clientMethod)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^get[A-Z]/)
  })

  it('fills in the interface defaults a route does not state: GET, no auth, 12 per 2 s', () => {
    expect(endpoints['/contract/public/depth']).toMatchObject({
      method: 'GET',
      auth: 'NONE',
      rateLimit: { limit: 12, windowMs: 2000 },
    })
    // open interest states its own, tighter budget (field notes: 2 per 2 s)
    expect(endpoints['/contract/public/open-interest'].rateLimit).toEqual({
      limit: 2,
      windowMs: 2000,
    })
  })

  it.each(endpointPaths)('%s: the wire schema accepts the sample and data decodes it', (path) => {
    const sample = samples[path]()
    expect(endpoints[path].wire.safeParse(sample).success).toBe(true)
    expect(decodeData(endpoints[path], sample).success).toBe(true)
  })
})

describe('funding-rate-v2', () => {
  it('decodes rows without a timestamp to FundingRate with timestamp null, number limits as strings, the interval when sent', () => {
    expect(decode('/contract/public/funding-rate-v2', fundingRatesSample())).toEqual([
      {
        symbol: 'BTCUSDT',
        timestamp: null,
        rateValue: '0.000105',
        expectedRate: '0.000099',
        fundingTime: 1767254400000,
        fundingUpperLimit: '0.0375',
        fundingLowerLimit: '-0.0375',
        fundingIntervalHours: 8,
      },
      {
        symbol: 'ETHUSDT',
        timestamp: null,
        rateValue: '-0.00002',
        expectedRate: '0.0000125',
        fundingTime: 1767254400000,
        fundingUpperLimit: '0.03',
        fundingLowerLimit: '-0.03',
        fundingIntervalHours: null,
      },
    ])
  })

  it("leaves the caller's payload as sent when a field converts", () => {
    const rows = fundingRatesSample()
    decode('/contract/public/funding-rate-v2', rows)
    expect(rows[1]?.funding_upper_limit).toBe(0.03)
  })

  it('names the row and field of a bad rate', () => {
    const rows = fundingRatesSample()
    rows[1] = { ...rows[1]!, rate_value: 'n/a' }
    expect(issuesOf('/contract/public/funding-rate-v2', rows)[0]?.path).toBe('data[1].rate_value')
  })
})

describe('klines', () => {
  it('converts seconds to ms and renames to camelCase', () => {
    expect(decode('/contract/public/kline', klineSample())[0]).toEqual({
      timestamp: 1767225600000,
      openPrice: '87110.1',
      highPrice: '87190',
      lowPrice: '87100.2',
      closePrice: '87150.5',
      volume: '1523',
    })
  })

  it('puts a candle stamped one second late back on its bucket start', () => {
    const late = klineSample()
    late[1] = { ...late[1]!, timestamp: 1767225661 }
    expect(decode('/contract/public/kline', late).map((k) => k.timestamp)).toEqual([
      1767225600000, 1767225660000,
    ])
  })

  it('accepts a mark-price candle with volume "0"', () => {
    const mark = klineSample().map((k) => ({ ...k, volume: '0' }))
    expect(decode('/contract/public/markprice-kline', mark)[0]?.volume).toBe('0')
  })

  it('refuses a price that is not a decimal, naming path, expectation and value', () => {
    const bad = klineSample()
    bad[1] = { ...bad[1]!, close_price: '87,140' }
    expect(issuesOf('/contract/public/kline', bad)).toEqual([
      {
        path: 'data[1].close_price',
        expected: 'a non-negative decimal string',
        received: '"87,140"',
      },
    ])
  })

  it('refuses a price sent as a float', () => {
    const bad = klineSample()
    bad[0] = { ...bad[0]!, open_price: 87110.1 as unknown as string }
    expect(issuesOf('/contract/public/kline', bad)[0]).toMatchObject({
      path: 'data[0].open_price',
      received: '87110.1',
    })
  })
})

describe('trades', () => {
  it('converts the seconds-like time to ms and keeps qty exact', () => {
    expect(decode('/contract/public/market-trade', tradeSample())[0]).toEqual({
      symbol: 'BTCUSDT',
      price: '87150.5',
      qty: '0.012',
      quoteQty: '1045.806',
      time: 1767225601000,
      isBuyerMaker: true,
    })
  })

  it('refuses a timestamp of the wrong type', () => {
    const bad = tradeSample()
    bad[0] = { ...bad[0]!, time: '1767225601' as unknown as number }
    expect(issuesOf('/contract/public/market-trade', bad)).toEqual([
      { path: 'data[0].time', expected: 'a non-negative integer', received: '"1767225601"' },
    ])
  })

  it('says what a timestamp must be when it is negative, fractional or past the safe range', () => {
    for (const time of [-1, 1767225601.5, 2 ** 60]) {
      const bad = tradeSample()
      bad[0] = { ...bad[0]!, time }
      expect(issuesOf('/contract/public/market-trade', bad)).toEqual([
        {
          path: 'data[0].time',
          expected: 'a non-negative integer',
          received: JSON.stringify(time),
        },
      ])
    }
  })
})

describe('funding rate', () => {
  it('reads the limits as strings (spec says Long) and keeps ms times', () => {
    expect(decode('/contract/public/funding-rate', fundingRateSample())).toEqual({
      symbol: 'BTCUSDT',
      timestamp: 1767225600123,
      rateValue: '0.000105',
      expectedRate: '0.000099',
      fundingTime: 1767254400000,
      fundingUpperLimit: '0.0375',
      fundingLowerLimit: '-0.0375',
      fundingIntervalHours: null,
    })
  })

  it('also reads limits sent as JSON numbers, as plain decimal strings', () => {
    const numeric = {
      ...fundingRateSample(),
      funding_upper_limit: 0.0375,
      funding_lower_limit: -0.0375,
    }
    const model = decode('/contract/public/funding-rate', numeric)
    expect([model.fundingUpperLimit, model.fundingLowerLimit]).toEqual(['0.0375', '-0.0375'])
  })

  it('refuses a missing symbol', () => {
    const { symbol: _, ...rest } = fundingRateSample()
    expect(issuesOf('/contract/public/funding-rate', rest)).toEqual([
      { path: 'data.symbol', expected: 'a value of type string', received: 'missing' },
    ])
  })
})

describe('funding rate history', () => {
  it('accepts funding_time as a string or a number and flattens the list', () => {
    expect(decode('/contract/public/funding-rate-history', fundingHistorySample())).toEqual([
      { symbol: 'BTCUSDT', fundingRate: '0.0001', fundingTime: 1767225600000 },
      { symbol: 'BTCUSDT', fundingRate: '-0.00002', fundingTime: 1767196800000 },
    ])
  })
})

describe('contract details', () => {
  const one = (row: Record<string, unknown>) =>
    decode('/contract/public/details', { symbols: [row] })[0]!

  it('normalizes a live row: enums, ms times, "none" expiry, step-size precisions', () => {
    const c = one(contractSample())
    expect(c).toMatchObject({
      symbol: 'BTCUSDT',
      productType: 'perpetual',
      volumePrecision: '1',
      pricePrecision: '0.1',
      openTimestamp: 1594080000123,
      expireTimestamp: null,
      settleTimestamp: null,
      fundingIntervalHours: 8,
      status: 'Trading',
      delistTime: null,
      openInterestValue: '94100888927.043325800000000001',
    })
    expect(c).not.toHaveProperty('tradfi_info')
    expect(c).not.toHaveProperty('funding_time')
  })

  it('reads tradfi_info: the market group of a TradFi contract, null on crypto ones and when absent', () => {
    expect(one(contractSample()).tradfiInfo).toEqual({ marketGroup: 'US_MARKET' })
    expect(one({ ...contractSample(), tradfi_info: null }).tradfiInfo).toBeNull()
    expect(one({ ...contractSample(), tradfi_info: {} }).tradfiInfo).toEqual({ marketGroup: null })
    const { tradfi_info: _, ...row } = contractSample()
    expect(one(row).tradfiInfo).toBeNull()
    expect(
      issuesOf('/contract/public/details', { symbols: [{ ...row, tradfi_info: 'US' }] })[0]?.path,
    ).toBe('data.symbols[0].tradfi_info')
  })

  it('accepts the spec table name volume_precision as well as vol_precision', () => {
    const { vol_precision, ...row } = contractSample()
    expect(one({ ...row, volume_precision: vol_precision }).volumePrecision).toBe('1')
  })

  it('refuses a row with neither precision name', () => {
    const { vol_precision: _, ...row } = contractSample()
    expect(issuesOf('/contract/public/details', { symbols: [row] })[0]?.path).toBe(
      'data.symbols[0].vol_precision',
    )
  })

  it.each([0, null, ''])('reads expiry %j as null', (none) => {
    expect(
      one({ ...contractSample(), expire_timestamp: none, settle_timestamp: none }),
    ).toMatchObject({ expireTimestamp: null, settleTimestamp: null })
  })

  it('keeps a dated future with expiry, settlement and product type futures', () => {
    const future = one({
      ...contractSample(),
      product_type: 2,
      expire_timestamp: 1774598400000,
      settle_timestamp: 1774598400000,
    })
    expect(future).toMatchObject({
      productType: 'futures',
      expireTimestamp: 1774598400000,
      settleTimestamp: 1774598400000,
    })
  })

  it('accepts an older row without the newer fields, and old open_timestamp in seconds', () => {
    const {
      market_max_volume: _m,
      funding_interval_hours: _f,
      status: _s,
      delist_time: _d,
      ...old
    } = contractSample()
    expect(one({ ...old, open_timestamp: 1594080000 })).toMatchObject({
      marketMaxVolume: null,
      fundingIntervalHours: null,
      status: null,
      delistTime: null,
      openTimestamp: 1594080000000,
    })
  })

  it('converts delist_time from seconds, for a delisted contract', () => {
    const gone = one({ ...contractSample(), status: 'Delisted', delist_time: 1767225600 })
    expect(gone).toMatchObject({ status: 'Delisted', delistTime: 1767225600000 })
  })

  it('refuses an unknown product type and names what it expected', () => {
    expect(
      issuesOf('/contract/public/details', {
        symbols: [{ ...contractSample(), product_type: 3 }],
      })[0],
    ).toEqual({
      path: 'data.symbols[0].product_type',
      expected: '1 (perpetual) or 2 (futures)',
      received: '3',
    })
  })
})

describe('leaf values that take several forms', () => {
  it('says what a contract time may be', () => {
    expect(
      issuesOf('/contract/public/details', {
        symbols: [{ ...contractSample(), expire_timestamp: '2027-01-01' }],
      }),
    ).toEqual([
      {
        path: 'data.symbols[0].expire_timestamp',
        expected: 'a non-negative integer, or "" or null for none',
        received: '"2027-01-01"',
      },
    ])
  })

  it('says what a contract status may be', () => {
    expect(
      issuesOf('/contract/public/details', {
        symbols: [{ ...contractSample(), status: 'Halted' }],
      }),
    ).toEqual([
      {
        path: 'data.symbols[0].status',
        expected: 'one of "Trading", "Delisted"',
        received: '"Halted"',
      },
    ])
  })

  it('says what a funding limit may be', () => {
    for (const limit of ['1e-3', true, Number.POSITIVE_INFINITY]) {
      const rows: Record<string, unknown>[] = fundingRatesSample()
      rows[0] = { ...rows[0], funding_upper_limit: limit }
      expect(issuesOf('/contract/public/funding-rate-v2', rows)).toEqual([
        {
          path: 'data[0].funding_upper_limit',
          expected: 'a decimal string or a finite number',
          received: JSON.stringify(limit) ?? 'null',
        },
      ])
    }
  })

  it('says what a settled funding time may be', () => {
    for (const time of ['-1', '1e12', -1, 1.5]) {
      const data = fundingHistorySample()
      data.list[0] = { ...data.list[0]!, funding_time: time as string }
      expect(issuesOf('/contract/public/funding-rate-history', data)).toEqual([
        {
          path: 'data.list[0].funding_time',
          expected: 'epoch milliseconds as a number or digit string',
          received: JSON.stringify(time),
        },
      ])
    }
  })
})

describe('leverage brackets', () => {
  it('renames bracket fields and keeps decimals as strings', () => {
    expect(decode('/contract/public/leverage-bracket', bracketSample())[0]?.brackets[1]).toEqual({
      bracket: 2,
      initialLeverage: 100,
      notionalCap: '250000',
      notionalFloor: '50000',
      maintMarginRatio: '0.005',
      cum: '50',
    })
  })
})

describe('depth', () => {
  it('turns levels into { price, qty, total } objects', () => {
    const d = decode('/contract/public/depth', depthSample())
    expect(d.bids[1]).toEqual({ price: '87150.3', qty: '3', total: '15' })
    expect(d.asks).toHaveLength(2)
    expect(d.timestamp).toBe(1767225600456)
  })

  it.each(['bids', 'asks'])('reads a null %s side (empty book, code 1000) as []', (side) => {
    const d = decode('/contract/public/depth', { ...depthSample(), [side]: null })
    expect(d[side as 'bids' | 'asks']).toEqual([])
  })

  it('reads a fully empty book', () => {
    const d = decode('/contract/public/depth', { ...depthSample(), bids: null, asks: null })
    expect([d.bids, d.asks]).toEqual([[], []])
  })

  it('refuses a level whose quantity is not a decimal, with the exact path', () => {
    const bad = depthSample()
    bad.asks = [
      ['87150.5', '5', '5'],
      ['87150.6', 'seven', '12'],
    ]
    expect(issuesOf('/contract/public/depth', bad)).toEqual([
      { path: 'data.asks[1][1]', expected: 'a non-negative decimal string', received: '"seven"' },
    ])
  })

  it('refuses a level with two columns', () => {
    const bad = { ...depthSample(), bids: [['87150.4', '12']] }
    expect(issuesOf('/contract/public/depth', bad)[0]).toMatchObject({ path: 'data.bids[0]' })
  })
})

describe('open interest', () => {
  it('keeps 18 decimals exactly', () => {
    expect(decode('/contract/public/open-interest', openInterestSample())).toEqual({
      symbol: 'BTCUSDT',
      timestamp: 1767225600789,
      openInterest: '4134180.870000000000000001',
      openInterestValue: '360292344880.0433258',
    })
  })
})
