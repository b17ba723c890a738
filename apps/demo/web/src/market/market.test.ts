/**
 * The page's state against a real sandbox over HTTP (signed mode, rate
 * limits on), in Node: the same client, signer (WebCrypto) and store the
 * browser runs.
 */
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApi } from '../api.ts'
import type { DashboardConfig } from '../dashboard-config.ts'
import { createCalculators } from './calculators.ts'
import { createFaults } from './faults.ts'
import { createMarket } from './store.ts'

const credentials = { apiKey: 'state-key', secret: 'state-secret', memo: 'state-memo' }

describe('the dashboard state, against a sandbox', () => {
  let sandbox: Sandbox
  let config: DashboardConfig

  beforeAll(async () => {
    // Live budgets (the default), every endpoint signed as the dashboard's client signs them.
    sandbox = await startSandbox({ seed: 5, credentials, endpointAuth: 'SIGNED', quiet: true })
    config = { baseUrl: sandbox.url, symbol: 'ETHUSDT', source: 'sandbox', credentials }
  })
  afterAll(() => sandbox.close())

  it('loads the contracts and everything for the first symbol, recording the budget in use', async () => {
    const api = createApi(config)
    const market = createMarket(api)
    const calculators = createCalculators(market)
    const stop = new AbortController()
    const running = market.start(stop.signal)
    await vi.waitFor(
      () => {
        expect(market.candles.value.length).toBeGreaterThan(0)
        expect(market.depth.value).not.toBeNull()
        expect(market.brackets.value.length).toBeGreaterThan(0)
        expect(market.fundingHistory.value.length).toBeGreaterThan(0)
      },
      { timeout: 15_000 },
    )
    expect(market.contract.value?.symbol).toBe('ETHUSDT')
    expect(market.candlesKey.value).toBe('ETHUSDT|1h')
    expect(market.errors.value).toEqual({})
    expect(api.budgets.value['/contract/public/depth']?.info.limit).toBe(12)
    // The liquidation form starts at the contract's last price (as first loaded; the live refresh moves on).
    expect(calculators.position.value.entryPrice).toMatch(/^\d+\.\d{2}$/)
    expect(calculators.liquidation.value?.kind).toBe('point')
    expect(calculators.book.value?.groupStep).toBe('0.1')

    const shown = market.candles.value.length
    await market.loadBackfill()
    const progress = market.backfill.value
    expect(progress?.windowsDone).toBe(progress?.windowsTotal)
    expect(progress?.windowsTotal).toBeGreaterThan(0)
    expect(market.candles.value.length).toBeGreaterThan(shown)
    const times = market.candles.value.map((candle) => candle.timestamp)
    expect(times).toEqual([...new Set(times)].sort((a, b) => a - b))

    market.selectStep('1d')
    await vi.waitFor(() => expect(market.candlesKey.value).toBe('ETHUSDT|1d'), { timeout: 15_000 })

    market.selectSymbol('NOPEUSDT')
    await vi.waitFor(() => expect(market.errors.value.book).toMatch(/^UnknownSymbolError: /), {
      timeout: 15_000,
    })
    expect(market.depth.value).toBeNull()
    stop.abort()
    await running
  })

  it('shows a faulted first attempt retried to success, and the typed error of a fault on every attempt', async () => {
    const faults = createFaults(config)
    await faults.run('unavailable', 'once', 'BTCUSDT')
    expect(faults.log.value.map((line) => line.text)).toEqual([
      'unavailable on the first attempt',
      'attempt 1: GET leverage-bracket with unavailable',
      'attempt 1: HTTP 503 application/json; charset=utf-8',
      'attempt 2: GET leverage-bracket',
      'attempt 2: HTTP 200 application/json; charset=utf-8',
      'ok after 2 attempts',
    ])
    faults.clear()
    await faults.run('maintenance', 'always', 'BTCUSDT')
    const last = faults.log.value.at(-1)
    expect(last?.tone).toBe('error')
    expect(last?.text).toMatch(/^MaintenanceError: .*code 30016/)
    expect(faults.log.value.filter((line) => line.tone === 'retry')).toHaveLength(2)
    expect(faults.running.value).toBe(false)

    // A stalled body: the headers arrive, the body never does, each attempt times out.
    faults.clear()
    await faults.run('stall', 'always', 'BTCUSDT')
    expect(faults.log.value.at(-1)?.text).toMatch(/^TimeoutError: /)
    expect(
      faults.log.value.filter((line) =>
        line.text.endsWith('HTTP 200 application/json; charset=utf-8'),
      ),
    ).toHaveLength(3)
  })
})
