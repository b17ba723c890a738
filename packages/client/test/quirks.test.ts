/**
 * The shared sandbox runs with live quirks on (its default): each test sees a
 * quirk in the raw envelope, then shows the client's model is right anyway.
 */
import { startSandbox } from '@perpkit/sandbox'
import { describe, expect, inject, it } from 'vitest'
import { createClient } from '../src/index.ts'

const now = inject('sandboxNow')
const client = createClient({ baseUrl: inject('sandboxUrl'), rateLimit: false, now: () => now })
const MINUTE = 60_000

type WireRow = Record<string, unknown>

describe('live quirks, over HTTP, handled by the client', () => {
  it('puts candles stamped one second late back on their minute', async () => {
    const { data, envelope } = await client
      .getKlines({ symbol: 'BTCUSDT', step: '1m', startTime: now - 499 * MINUTE, endTime: now })
      .withResponse()
    const wireSeconds = (envelope.data as { timestamp: number }[]).map((k) => k.timestamp % 60)
    expect(wireSeconds).toContain(1)
    expect(data.every((k) => k.timestamp % MINUTE === 0)).toBe(true)
    for (let i = 1; i < data.length; i++) {
      expect(data[i]!.timestamp - data[i - 1]!.timestamp).toBe(MINUTE)
    }
  })

  it('reads funding_time sent as a number on some history rows and a string on others', async () => {
    const { data, envelope } = await client
      .getFundingRateHistory({ symbol: 'BTCUSDT', limit: 100 })
      .withResponse()
    const list = (envelope.data as { list: WireRow[] }).list
    expect(new Set(list.map((row) => typeof row.funding_time))).toEqual(
      new Set(['number', 'string']),
    )
    expect(data.map((r) => r.fundingTime)).toEqual(list.map((row) => Number(row.funding_time)))
  })

  it('succeeds whether the envelope says "Ok" or "OK"', async () => {
    const messages = new Set<string>()
    for (let limit = 1; limit <= 12; limit++) {
      const { data, envelope } = await client.getTrades({ symbol: 'ETHUSDT', limit }).withResponse()
      expect(data).toHaveLength(limit)
      messages.add(envelope.message)
    }
    expect(messages).toEqual(new Set(['Ok', 'OK']))
  })

  it('reads the keys details rows carry beyond the spec: funding_time as nextFundingTime, tradfi_info, no drift', async () => {
    const { data, drift, envelope } = await client
      .getContracts({ symbol: 'BTCUSDT' })
      .withResponse()
    const funding = await client.getFundingRate({ symbol: 'BTCUSDT' })
    expect(data[0]?.nextFundingTime).toBe(funding.fundingTime)
    expect((envelope.data as { symbols: WireRow[] }).symbols[0]).toHaveProperty('tradfi_info', null)
    expect(data[0]?.tradfiInfo).toBeNull()
    expect(drift).toBeNull()
  })

  it('reads "no expiry" sent as 0, null or "" as null, and a dated future\'s expiry in ms', async () => {
    // Live lists no dated future: a sandbox that lists them, otherwise as the shared one.
    const futures = await startSandbox({
      seed: 7,
      now: () => now,
      quiet: true,
      rateLimit: false,
      datedFutures: true,
    })
    const withFutures = createClient({ baseUrl: futures.url, rateLimit: false, now: () => now })
    const { data, envelope } = await withFutures
      .getContracts()
      .withResponse()
      .finally(() => futures.close())
    expect(data.some((contract) => contract.productType === 'futures')).toBe(true)
    const rows = (envelope.data as { symbols: WireRow[] }).symbols
    const perpetualExpiries = new Set(
      rows
        .filter((row) => row.product_type === 1)
        .map((row) => JSON.stringify(row.expire_timestamp)),
    )
    expect(perpetualExpiries.size).toBeGreaterThan(1)
    for (const contract of data) {
      if (contract.productType === 'perpetual') expect(contract.expireTimestamp).toBeNull()
      else expect(contract.expireTimestamp).toBeGreaterThan(1e12)
    }
  })

  it('reads an older row whose open_timestamp is in seconds as milliseconds', async () => {
    const { data, envelope } = await client.getContracts({ symbol: 'LUNAUSDT' }).withResponse()
    const wire = (envelope.data as { symbols: WireRow[] }).symbols[0]
    expect(wire?.open_timestamp).toBeLessThan(1e11)
    expect(data[0]?.openTimestamp).toBe((wire?.open_timestamp as number) * 1000)
  })

  it('gives a one-sided book an empty asks list and an empty book two empty lists (null on the wire)', async () => {
    const thin = await client.getDepth({ symbol: 'ACEUSDT' }).withResponse()
    expect((thin.envelope.data as WireRow).asks).toBeNull()
    expect(thin.data.asks).toEqual([])
    expect(thin.data.bids.length).toBeGreaterThan(0)
    const empty = await client.getDepth({ symbol: 'NTRNUSDT' }).withResponse()
    expect(empty.envelope.code).toBe(1000)
    expect(empty.data).toMatchObject({ bids: [], asks: [] })
  })

  it('keeps the exact decimal strings live sends: whole-contract open interest, 8-decimal values', async () => {
    const { data, envelope } = await client.getContracts({ symbol: 'BTCUSDT' }).withResponse()
    const wire = (envelope.data as { symbols: WireRow[] }).symbols[0]!
    expect(data[0]?.openInterest).toBe(wire.open_interest)
    expect(data[0]?.openInterest).toMatch(/^\d+$/)
    expect(data[0]?.indexPrice).toBe(wire.index_price)
  })
})
