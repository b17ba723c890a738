import { startSandbox } from '@perpkit/sandbox'
import { endpointRoutes } from '@perpkit/schemas/lite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { AuthError, createClient, InvalidParamsError } from '../src/index.ts'

const now = inject('sandboxNow')
const client = createClient({ baseUrl: inject('sandboxUrl'), rateLimit: false, now: () => now })

describe('methods built from the endpoint table', () => {
  it("getFundingRates: every listed contract's current funding in one call, from funding-rate-v2", async () => {
    const { data: rates, response } = await client.getFundingRates().withResponse()
    expect(new URL(response.url).pathname).toBe('/contract/public/funding-rate-v2')
    expect(rates.length).toBeGreaterThan(1)
    for (const rate of rates) {
      expect(rate.fundingTime).toBeGreaterThan(now)
      expect(rate.rateValue).toMatch(/^-?\d+(\.\d+)?$/)
    }
    const [btc] = await client.getFundingRates({ symbol: 'BTCUSDT' })
    const single = await client.getFundingRate({ symbol: 'BTCUSDT' })
    // v2 rows are funding-rate's without a timestamp, with the interval (a quirk, as live)
    expect(btc).toEqual({ ...single, timestamp: null, fundingIntervalHours: 8 })
    expect(single.fundingIntervalHours).toBeNull()
  })

  it('refuses params of a required-params method called without any, before sending', async () => {
    // A caller outside TypeScript can still omit them.
    const getDepth = client.getDepth as (params?: unknown) => Promise<unknown>
    await expect(getDepth()).rejects.toBeInstanceOf(InvalidParamsError)
  })
})

describe("a row's auth is honoured and the client's `auth` overrides it", () => {
  const credentials = { apiKey: 'demo-key', secret: 'demo-secret', memo: 'demo-memo' }
  let signed: Awaited<ReturnType<typeof startSandbox>>

  beforeAll(async () => {
    // A deployment that signs every call: the table's public rows are refused unsigned.
    signed = await startSandbox({
      now: () => now,
      quiet: true,
      credentials,
      endpointAuth: 'SIGNED',
    })
  })
  afterAll(() => signed.close())

  it('sends the public rows unsigned (auth NONE), which a signed deployment refuses', async () => {
    expect(endpointRoutes['/contract/public/depth'].auth).toBe('NONE')
    const plain = createClient({ baseUrl: signed.url, credentials, now: () => now, retry: 0 })
    await expect(plain.getDepth({ symbol: 'BTCUSDT' })).rejects.toBeInstanceOf(AuthError)
  })

  it("signs every row when the client's auth says SIGNED", async () => {
    const client = createClient({
      baseUrl: signed.url,
      credentials,
      auth: 'SIGNED',
      now: () => now,
    })
    const book = await client.getDepth({ symbol: 'BTCUSDT' })
    expect(book.bids.length).toBeGreaterThan(0)
  })
})
