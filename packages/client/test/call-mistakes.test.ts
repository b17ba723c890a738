// Ordinary mistakes at the call site or in a clock, against the shared sandbox: a controller
// passed where its signal goes, `null` per-call options, a clock in epoch seconds. Each is an
// OptionError naming what is wrong, before any request (or no error at all, for `null`): never
// a raw TypeError, never a 401.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createClient, OptionError } from '../src/index.ts'
import { type HostileServer, startHostileServer } from './hostile-server.ts'

const credentials = { apiKey: 'key-mistakes', secret: 'sEcReT-mistakes', memo: 'memo-mistakes' }
const NOW_MS = inject('sandboxNow')
const client = createClient({ baseUrl: inject('sandboxUrl'), rateLimit: false, retry: 0 })
/** Counts requests: nothing may reach a server when the call is refused. */
let counter: HostileServer

beforeAll(async () => {
  counter = await startHostileServer((_req, res) => {
    res.writeHead(500)
    res.end()
  })
})
afterAll(() => counter.close())

async function refusal(promise: Promise<unknown>): Promise<OptionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(OptionError)
  return error as OptionError
}

describe('per-call options', () => {
  it('an AbortController passed as the signal: named, with the fix in the message', async () => {
    const controller = new AbortController()
    const error = await refusal(
      client.getDepth({ symbol: 'BTCUSDT' }, { signal: controller as unknown as AbortSignal }),
    )
    expect(error.option).toBe('signal')
    expect(error.message).toMatchInlineSnapshot(`
      "signal must be an AbortSignal (controller.signal), got an object

      Endpoint: GET /contract/public/depth"
    `)
  })

  it('a signal that is no AbortSignal at all, on a candle range too', async () => {
    const error = await refusal(
      client.getKlineRange({
        symbol: 'BTCUSDT',
        step: '1h',
        startTime: NOW_MS - 86_400_000,
        endTime: NOW_MS,
        signal: 'stop' as unknown as AbortSignal,
      }),
    )
    expect(error.option).toBe('signal')
    expect(error.endpoint).toBe('GET /contract/public/kline')
  })

  it('null per-call options are no options: the call goes through', async () => {
    const book = await client.getDepth({ symbol: 'BTCUSDT' }, null as unknown as undefined)
    expect(book.symbol).toBe('BTCUSDT')
  })
})

describe('a clock that returns epoch seconds', () => {
  const seconds = () => Math.floor(NOW_MS / 1000)

  it('fails a signed call as now, before any request (not a 401 from the server)', async () => {
    const signed = createClient({
      baseUrl: counter.url,
      credentials,
      auth: 'SIGNED',
      rateLimit: false,
      now: seconds,
    })
    const error = await refusal(signed.getDepth({ symbol: 'BTCUSDT' }))
    expect(error.option).toBe('now')
    expect(error.shortMessage).toBe(
      `now returned ${seconds()}, not epoch milliseconds (as Date.now() returns)`,
    )
    expect(counter.requests).toHaveLength(0)
  })

  it('fails a candle range as now (not as a range that ends in 1970)', async () => {
    const clocked = createClient({ baseUrl: counter.url, rateLimit: false, now: seconds })
    const error = await refusal(
      clocked.getKlineRange({ symbol: 'BTCUSDT', step: '1h', startTime: NOW_MS - 86_400_000 }),
    )
    expect(error.option).toBe('now')
    expect(counter.requests).toHaveLength(0)
  })
})
