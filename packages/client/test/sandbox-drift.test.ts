import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type EndpointParams, type EndpointPath, endpointPaths } from '@perpkit/schemas'
import { endpointRoutes } from '@perpkit/schemas/lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type DriftReport, type PerpkitClient } from '../src/index.ts'

/**
 * The client against its own sandbox reports no drift, in every mode of the sandbox: the
 * schemas know every key it sends, and a key it sends only on some rows (or only with quirks)
 * is not reported missing. A user who fails a build on drift must not fail it on the twin.
 */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0)
const HOUR = 3_600_000

/** Params of each endpoint for one symbol (or for every contract, without one). */
function paramsFor(symbol: string | undefined): { [P in EndpointPath]: EndpointParams<P> } {
  const one = { symbol: symbol ?? 'BTCUSDT' }
  return {
    '/contract/public/kline': { ...one, step: '5m', startTime: NOW - 6 * HOUR, endTime: NOW },
    '/contract/public/markprice-kline': {
      ...one,
      step: '1h',
      startTime: NOW - 48 * HOUR,
      endTime: NOW,
    },
    '/contract/public/market-trade': { ...one, limit: 100 },
    '/contract/public/funding-rate': one,
    '/contract/public/funding-rate-v2': symbol === undefined ? {} : one,
    '/contract/public/funding-rate-history': { ...one, limit: 100 },
    '/contract/public/details': symbol === undefined ? {} : one,
    '/contract/public/leverage-bracket': symbol === undefined ? {} : one,
    '/contract/public/depth': one,
    '/contract/public/open-interest': one,
  }
}

/** Endpoints that take one contract's symbol and answer 40034 for a delisted one. */
const PER_SYMBOL = new Set<EndpointPath>([
  '/contract/public/kline',
  '/contract/public/markprice-kline',
  '/contract/public/market-trade',
  '/contract/public/funding-rate',
  '/contract/public/funding-rate-history',
  '/contract/public/depth',
  '/contract/public/open-interest',
])

/** Every method of the table for `symbol`, plus the range methods; resolves when all answered. */
async function callEverything(client: PerpkitClient, symbol: string | undefined): Promise<void> {
  const params = paramsFor(symbol)
  for (const path of endpointPaths) {
    if (symbol === undefined && PER_SYMBOL.has(path)) continue
    const method = client[endpointRoutes[path].clientMethod] as (
      p: EndpointParams<typeof path>,
    ) => { withResponse(): Promise<{ drift: unknown }> }
    const { drift } = await method(params[path]).withResponse()
    expect(drift, `${path} ${symbol ?? '(all)'}`).toBeNull()
  }
  if (symbol === undefined) return
  const range = { symbol, step: '1m', startTime: NOW - 12 * HOUR, endTime: NOW } as const
  expect((await client.getKlineRange(range)).length).toBeGreaterThan(500)
  expect((await client.getMarkPriceKlineRange(range)).length).toBeGreaterThan(500)
}

const modes = [
  { quirks: true, contracts: 'named' },
  { quirks: false, contracts: 'named' },
  { quirks: true, contracts: 'live' },
  { quirks: false, contracts: 'live' },
] as const

describe.each(modes)(
  'the client against a sandbox with quirks $quirks, $contracts catalog',
  (mode) => {
    let sandbox: Sandbox
    let client: PerpkitClient
    const reports: DriftReport[] = []

    beforeAll(async () => {
      sandbox = await startSandbox({
        ...mode,
        // Dated futures too (live lists none, so the default catalog does not): their rows count.
        datedFutures: true,
        seed: 11,
        now: () => NOW,
        rateLimit: false,
        quiet: true,
      })
      client = createClient({
        baseUrl: sandbox.url,
        rateLimit: false,
        now: () => NOW,
        onDrift: (report) => reports.push(report),
      })
    })
    afterAll(() => sandbox.close())

    it('reports no drift on any method, for every contract listed and a spread of single ones', async () => {
      await callEverything(client, undefined)
      const contracts = await client.getContracts()
      // Every kind of row the catalog has (perpetual and dated future, older rows, thin books,
      // delisted), without asking the live catalog's 1,200 contracts one by one.
      const trading = contracts.filter((c) => c.status !== 'Delisted')
      const stride = Math.max(1, Math.floor(trading.length / 24))
      const sample = trading.filter((_, i) => i < 12 || i % stride === 0)
      for (const { symbol } of sample) await callEverything(client, symbol)
      for (const { symbol } of contracts.filter((c) => c.status === 'Delisted').slice(0, 3)) {
        expect((await client.getContracts({ symbol }).withResponse()).drift).toBeNull()
      }
      expect(sample.length).toBeGreaterThan(8)
      expect(reports).toEqual([])
    }, 120_000)
  },
)
