import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { call, fetchData, NOW } from './helpers.ts'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW })
})

afterAll(async () => {
  await sandbox.close()
})

describe('compatibility routes (what multi-exchange clients call before market data)', () => {
  it('GET /spot/v1/symbols/details lists no spot pair', async () => {
    const reply = await call(sandbox.url, '/spot/v1/symbols/details')
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ code: 1000, data: { symbols: [] } })
  })

  it('GET /account/v1/currencies lists each currency of the listed contracts once, no wallets', async () => {
    const reply = await call(sandbox.url, '/account/v1/currencies')
    const { currencies } = reply.body.data as { currencies: Record<string, unknown>[] }
    const { symbols } = await fetchData(sandbox.url, '/contract/public/details')
    const expected = new Set(symbols.flatMap((row) => [row.base_currency, row.quote_currency]))
    expect(new Set(currencies.map((row) => row.currency))).toEqual(expected)
    expect(currencies).toHaveLength(expected.size)
    expect(currencies.find((row) => row.currency === 'BTC')).toMatchObject({
      network: 'BTC',
      withdraw_enabled: false,
      deposit_enabled: false,
    })
  })

  it('GET /system/service reports the spot and contract services up (status 2)', async () => {
    const reply = await call(sandbox.url, '/system/service')
    const { service } = reply.body.data as { service: Record<string, unknown>[] }
    expect(service.map((row) => [row.service_type, row.status])).toEqual([
      ['spot', 2],
      ['contract', 2],
    ])
  })

  it('are neither rate-limited nor offered other methods', async () => {
    for (let i = 0; i < 30; i++) {
      const reply = await call(sandbox.url, '/system/service')
      expect(reply.status).toBe(200)
      expect(reply.headers.get('X-RateLimit-Limit')).toBeNull()
    }
    const post = await call(sandbox.url, '/account/v1/currencies', {}, { method: 'POST' })
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
  })
})
