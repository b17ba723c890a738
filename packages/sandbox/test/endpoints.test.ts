import { decodeData, endpointPaths, endpoints } from '@perpkit/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { call, exact, fetchData, NOW, product } from './helpers.ts'
import { sampleQueries } from './sample-queries.ts'

/** The clean mode (no quirks): exact values, one format. */
let sandbox: Sandbox
/** The default, live-like mode. */
let quirky: Sandbox

beforeAll(async () => {
  // Clean mode, with the dated future listed (live lists none: the default catalog has none).
  sandbox = await startSandbox({
    rateLimit: false,
    now: () => NOW,
    quirks: false,
    datedFutures: true,
  })
  quirky = await startSandbox({ rateLimit: false, now: () => NOW })
})

afterAll(async () => {
  await Promise.all([sandbox.close(), quirky.close()])
})

describe.each([
  ['with quirks (the default)', () => quirky, ['Ok', 'OK']],
  ['without quirks', () => sandbox, ['Ok']],
] as const)('every endpoint of the table, %s', (_, server, messages) => {
  it.each(endpointPaths)(
    '%s answers a payload that passes its wire schema and decodes with decodeData',
    async (path) => {
      const reply = await call(server().url, path, sampleQueries[path])
      expect(reply.status).toBe(200)
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
      expect(reply.body.code).toBe(1000)
      expect(messages).toContain(reply.body.message)
      expect(typeof reply.body.trace).toBe('string')
      expect(endpoints[path].wire.safeParse(reply.body.data).success).toBe(true)
      const decoded = decodeData(endpoints[path], reply.body.data)
      expect(decoded.success ? [] : decoded.issues).toEqual([])
    },
  )

  it('gives every response a fresh trace and keeps the connection alive', async () => {
    const a = await call(sandbox.url, '/contract/public/depth', { symbol: 'BTCUSDT' })
    const b = await call(sandbox.url, '/contract/public/depth', { symbol: 'BTCUSDT' })
    expect(a.body.trace).not.toBe(b.body.trace)
    expect(a.headers.get('connection')).toBe('keep-alive')
  })
})

describe('the catalog', () => {
  it('lists the named perpetuals, the thin ones included, in the default catalog: no dated future', async () => {
    const { symbols } = await fetchData(quirky.url, '/contract/public/details')
    expect(symbols.map((row) => row.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SOLUSDT',
      'XRPUSDT',
      'DOGEUSDT',
      '1000PEPEUSDT',
      'LUNAUSDT',
      'ACEUSDT',
      'NTRNUSDT',
    ])
  })
})

describe('details', () => {
  it('returns every contract without a symbol: perpetuals, a dated future and a delisted one', async () => {
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details')
    const names = symbols.map((row) => row.symbol)
    expect(names).toEqual(
      expect.arrayContaining([
        'BTCUSDT',
        'ETHUSDT',
        'SOLUSDT',
        'XRPUSDT',
        'DOGEUSDT',
        'BTCUSDT_270326',
        'LUNAUSDT',
      ]),
    )
    const luna = symbols.find((row) => row.symbol === 'LUNAUSDT')
    expect(luna).toMatchObject({ status: 'Delisted', delist_time: Date.UTC(2022, 4, 13) / 1000 })
    expect(luna?.expire_timestamp).toBe(0)
    expect(luna).not.toHaveProperty('market_max_volume')
  })

  it('describes the dated future with product type 2 and its expiry and settlement in ms', async () => {
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details', {
      symbol: 'BTCUSDT_270326',
    })
    expect(symbols).toHaveLength(1)
    expect(symbols[0]).toMatchObject({
      product_type: 2,
      status: 'Trading',
      expire_timestamp: Date.UTC(2027, 2, 26, 8),
      settle_timestamp: Date.UTC(2027, 2, 26, 8),
      delist_time: Date.UTC(2027, 2, 26, 8) / 1000,
    })
  })

  it('sends perpetual rows with vol_precision, expire_timestamp 0 and no field the spec does not list', async () => {
    const reply = await call(sandbox.url, '/contract/public/details', { symbol: 'BTCUSDT' })
    const row = (reply.body.data as { symbols: Record<string, unknown>[] }).symbols[0]
    expect(row).toMatchObject({
      symbol: 'BTCUSDT',
      product_type: 1,
      vol_precision: '1',
      price_precision: '0.1',
      contract_size: '0.001',
      expire_timestamp: 0,
      funding_interval_hours: 8,
      max_leverage: '125',
      status: 'Trading',
    })
    expect(row).not.toHaveProperty('volume_precision')
    expect(row).not.toHaveProperty('funding_time')
    expect(row).not.toHaveProperty('tradfi_info')
  })

  it('knows no contract before its listing time: absent from details, unknown symbol elsewhere', async () => {
    const early = await startSandbox({
      rateLimit: false,
      now: () => Date.UTC(2022, 0, 1),
      quirks: false,
    })
    try {
      const { symbols } = await fetchData(early.url, '/contract/public/details')
      expect(symbols.map((row) => row.symbol)).not.toContain('1000PEPEUSDT')
      expect(symbols.find((row) => row.symbol === 'LUNAUSDT')?.status).toBe('Trading')
      const reply = await call(early.url, '/contract/public/depth', { symbol: '1000PEPEUSDT' })
      expect(reply.body.code).toBe(40034)
    } finally {
      await early.close()
    }
  })

  it('marks the dated future Delisted once its settlement time has passed', async () => {
    const later = await startSandbox({
      rateLimit: false,
      now: () => Date.UTC(2027, 5, 1),
      quirks: false,
      datedFutures: true,
    })
    try {
      const { symbols } = await fetchData(later.url, '/contract/public/details', {
        symbol: 'BTCUSDT_270326',
      })
      expect(symbols[0]).toMatchObject({ status: 'Delisted', open_interest: '0' })
    } finally {
      await later.close()
    }
  })
})

describe('leverage-bracket', () => {
  it('returns the rules of every contract without a symbol', async () => {
    const { rules } = await fetchData(sandbox.url, '/contract/public/leverage-bracket')
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details')
    expect(rules.map((r) => r.symbol)).toEqual(symbols.map((s) => s.symbol))
    const btc = rules.find((r) => r.symbol === 'BTCUSDT')
    expect(btc?.brackets.length).toBeGreaterThanOrEqual(10)
  })

  it('chains floors to the previous caps and sets max_leverage from the first bracket', async () => {
    const { rules } = await fetchData(sandbox.url, '/contract/public/leverage-bracket')
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details')
    for (const rule of rules) {
      expect(rule.brackets[0]?.notional_floor).toBe('0')
      rule.brackets.forEach((b, i) => {
        expect(b.bracket).toBe(i + 1)
        if (i > 0) expect(b.notional_floor).toBe(rule.brackets[i - 1]?.notional_cap)
        // Maintenance margin stays below initial margin in every bracket.
        expect(Number(b.maint_margin_ratio)).toBeLessThan(1 / b.initial_leverage)
      })
      const row = symbols.find((s) => s.symbol === rule.symbol)
      expect(row?.max_leverage).toBe(String(rule.brackets[0]?.initial_leverage))
    }
  })
})

describe('open-interest', () => {
  it('sends 18 decimals and a value of exactly open_interest x contract_size x last_price', async () => {
    const oi = await fetchData(sandbox.url, '/contract/public/open-interest', { symbol: 'ETHUSDT' })
    expect(oi.open_interest).toMatch(/^\d+\.\d{18}$/)
    expect(oi.timestamp).toBe(NOW)
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details', {
      symbol: 'ETHUSDT',
    })
    const row = symbols[0]
    expect(row?.open_interest).toBe(oi.open_interest)
    expect(exact(oi.open_interest_value)).toBe(
      product(oi.open_interest, '0.01', row?.last_price ?? ''),
    )
  })
})

describe('funding-rate-v2', () => {
  const path = '/contract/public/funding-rate-v2'

  it('lists the current funding of every trading perpetual, rows shaped like funding-rate without timestamp', async () => {
    const rows = await fetchData(sandbox.url, path)
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details')
    const funded = symbols.filter((s) => s.product_type === 1 && s.status === 'Trading')
    expect(rows.map((row) => row.symbol)).toEqual(funded.map((s) => s.symbol))
    expect(rows.map((row) => row.symbol)).not.toContain('BTCUSDT_270326')
    expect(rows.map((row) => row.symbol)).not.toContain('LUNAUSDT')
    for (const row of rows) {
      const { timestamp, ...rate } = await fetchData(sandbox.url, '/contract/public/funding-rate', {
        symbol: row.symbol,
      })
      expect(timestamp).toBe(NOW)
      expect(row).toEqual(rate)
    }
  })

  it('adds a key funding-rate rows lack (funding_interval_hours) with quirks', async () => {
    const rows = await fetchData(quirky.url, path)
    const doge = rows.find((row) => row.symbol === 'DOGEUSDT')
    expect(doge).toMatchObject({ funding_interval_hours: 4 })
    expect(doge).not.toHaveProperty('timestamp')
  })

  it('filters by symbol: one row, none for a contract that does not fund, 40034 for a delisted one', async () => {
    const one = await fetchData(sandbox.url, path, { symbol: 'ETHUSDT' })
    expect(one.map((row) => row.symbol)).toEqual(['ETHUSDT'])
    expect(await fetchData(sandbox.url, path, { symbol: 'BTCUSDT_270326' })).toEqual([])
    const delisted = await call(sandbox.url, path, { symbol: 'LUNAUSDT' })
    expect(delisted.status).toBe(400)
    expect(delisted.body.code).toBe(40034)
  })
})
