import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type DriftReport } from '../src/index.ts'

/**
 * A deployment whose funding-rate-v2 rows drift from the model: the test sets
 * the rows it serves, over real HTTP. (The sandbox only sends drift that its
 * quirks happen to include; these tests need exact, changing key sets.)
 */
let server: Server
let baseUrl: string
let rows: Record<string, unknown>[] = []

const row = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  symbol: 'BTCUSDT',
  rate_value: '0.0001',
  expected_rate: '0.0001',
  funding_time: 1767254400000,
  funding_upper_limit: '0.0375',
  funding_lower_limit: '-0.0375',
  ...extra,
})

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ code: 1000, message: 'Ok', trace: 'trace-7', data: rows }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('drift between responses and models', () => {
  it('is on .withResponse() per path pattern, while the raw envelope keeps the keys', async () => {
    rows = [row({ next_rate: '0.0001' }), row({ next_rate: '0.0002' }), row()]
    const client = createClient({ baseUrl, rateLimit: false })
    const { data, drift, envelope } = await client.getFundingRates().withResponse()
    expect(drift).toEqual({ unknown: { 'data[].next_rate': 2 }, missing: {} })
    expect(data[0]).not.toHaveProperty('nextRate')
    expect((envelope.data as Record<string, unknown>[])[0]?.next_rate).toBe('0.0001')
  })

  it('is a getter of the response: read on demand, left out of a spread copy', async () => {
    rows = [row({ next_rate: '0' })]
    const client = createClient({ baseUrl, rateLimit: false })
    const response = await client.getFundingRates().withResponse()
    expect(Object.hasOwn(response, 'drift')).toBe(false)
    expect(response.drift).toEqual({ unknown: { 'data[].next_rate': 1 }, missing: {} })
    expect({ ...response }).not.toHaveProperty('drift')
    expect({ ...response }.data).toBe(response.data)
  })

  it('is null when every key is one the model reads, sent on every row or on some', async () => {
    rows = [row(), row({ funding_interval_hours: 8 })]
    const reports: DriftReport[] = []
    const client = createClient({ baseUrl, rateLimit: false, onDrift: (r) => reports.push(r) })
    expect((await client.getFundingRates().withResponse()).drift).toBeNull()
    expect(reports).toEqual([])
  })

  it('calls onDrift once per endpoint and key set, again when the keys change', async () => {
    const reports: DriftReport[] = []
    const client = createClient({ baseUrl, rateLimit: false, onDrift: (r) => reports.push(r) })
    rows = [row({ tradfi_info: null })]
    await client.getFundingRates()
    rows = [row({ tradfi_info: null }), row({ tradfi_info: {} })]
    await client.getFundingRates()
    expect(reports).toEqual([
      {
        endpoint: 'GET /contract/public/funding-rate-v2',
        path: '/contract/public/funding-rate-v2',
        trace: 'trace-7',
        unknown: { 'data[].tradfi_info': 1 },
        missing: {},
      },
    ])
    rows = [row({ tradfi_info: null, next_rate: '0' })]
    await client.getFundingRates()
    expect(reports.map((r) => Object.keys(r.unknown))).toEqual([
      ['data[].tradfi_info'],
      ['data[].tradfi_info', 'data[].next_rate'],
    ])
  })

  it('rejects the call with what onDrift throws, so a test can fail on drift', async () => {
    rows = [row({ tradfi_info: null })]
    const client = createClient({
      baseUrl,
      rateLimit: false,
      onDrift: (r) => {
        throw new Error(`drift on ${r.endpoint}: ${Object.keys(r.unknown).join(', ')}`)
      },
    })
    await expect(client.getFundingRates()).rejects.toThrow(
      'drift on GET /contract/public/funding-rate-v2: data[].tradfi_info',
    )
  })
})
