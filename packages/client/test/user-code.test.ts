import { fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type ClientOptions,
  createClient,
  type FetchFunction,
  InProcessRateLimitStore,
  NetworkError,
  OptionError,
  type RateLimitStore,
} from '../src/index.ts'
import { envelope, type HostileServer, sendJson, startHostileServer } from './hostile-server.ts'

const DEPTH = envelope(
  '{"timestamp":1768478400000,"symbol":"BTCUSDT","bids":[["100","1","1"]],"asks":[["101","1","1"]]}',
)
const credentials = { apiKey: 'key-user-code', secret: 'sEcReT-user-code', memo: 'memo-user-code' }
let server: HostileServer

beforeAll(async () => {
  server = await startHostileServer((_req, res) => sendJson(res, DEPTH))
})
beforeEach(() => {
  server.requests.length = 0
})
afterAll(() => server.close())

/** Retries on, fast, so a retried failure shows as several server hits or calls. */
const clientWith = (options: ClientOptions) =>
  createClient({
    baseUrl: server.url,
    retry: { maxRetries: 3, baseDelayMs: 1 },
    rateLimit: false,
    ...options,
  })

async function failure(promise: Promise<unknown>): Promise<OptionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(OptionError)
  expect(error).not.toBeInstanceOf(NetworkError)
  expect((error as OptionError).retryable).toBe(false)
  return error as OptionError
}

describe('a throw from code given to the client is an OptionError naming it, never retried', () => {
  it('a beforeRequest hook that throws: named, its error kept as cause, called once, nothing sent', async () => {
    const bug = new Error('token store unavailable')
    let calls = 0
    const client = clientWith({
      hooks: {
        beforeRequest: [
          () => {
            calls++
            throw bug
          },
        ],
      },
    })
    const error = await failure(client.getDepth({ symbol: 'BTCUSDT' }))
    expect(error.option).toBe('hooks.beforeRequest[0]')
    expect(error.cause).toBe(bug)
    expect(error.endpoint).toBe('GET /contract/public/depth')
    expect(error.message).toMatchInlineSnapshot(`
      "hooks.beforeRequest[0] threw Error: token store unavailable
      Not retried: the failure is in what was passed to the client, not in the network or the server.

      Endpoint: GET /contract/public/depth"
    `)
    expect(calls).toBe(1)
    expect(server.requests).toHaveLength(0)
  })

  it('an afterResponse hook that throws: one server hit (one slot of the budget), not three', async () => {
    const client = clientWith({
      rateLimit: { store: new InProcessRateLimitStore() },
      hooks: {
        afterResponse: [
          () => {},
          async () => {
            throw new RangeError('audit log full')
          },
        ],
      },
    })
    const error = await failure(client.getDepth({ symbol: 'BTCUSDT' }))
    expect(error.option).toBe('hooks.afterResponse[1]')
    expect(error.cause).toBeInstanceOf(RangeError)
    expect(server.requests).toHaveLength(1)
  })

  it('a custom fetch with a bug (a TypeError of its own): named, called once', async () => {
    let calls = 0
    const buggy: FetchFunction = (url, init) => {
      calls++
      const options = undefined as unknown as { dispatcher: unknown }
      return undiciFetch(url, { ...init, dispatcher: options.dispatcher as never })
    }
    const error = await failure(clientWith({ fetch: buggy }).getDepth({ symbol: 'BTCUSDT' }))
    expect(error.option).toBe('fetch')
    expect(error.cause).toBeInstanceOf(TypeError)
    expect(calls).toBe(1)
    expect(server.requests).toHaveLength(0)
  })

  it.each([
    ['undefined', undefined, 'fetch resolved with undefined, not a response'],
    ['a string', 'OK', 'fetch resolved with "OK", not a response'],
    ['an object without headers', { status: 200 }, 'fetch resolved with an object, not a response'],
  ])('a custom fetch that resolves %s: named, called once', async (_kind, value, message) => {
    let calls = 0
    const client = clientWith({
      fetch: (async (url: string, init: never) => {
        calls++
        await undiciFetch(url, init)
        return value
      }) as unknown as FetchFunction,
    })
    const error = await failure(client.getDepth({ symbol: 'BTCUSDT' }))
    expect(error.option).toBe('fetch')
    expect(error.shortMessage).toContain(message)
    expect(calls).toBe(1)
    expect(server.requests).toHaveLength(1)
  })

  it('a clock (now) that throws: named, nothing sent', async () => {
    const error = await failure(
      clientWith({
        credentials,
        auth: 'SIGNED',
        now: () => {
          throw new Error('clock service down')
        },
      }).getDepth({ symbol: 'BTCUSDT' }),
    )
    expect(error.option).toBe('now')
    expect((error.cause as Error).message).toBe('clock service down')
    expect(server.requests).toHaveLength(0)
  })

  it('a clock that returns NaN: named, nothing sent, and the message never shows a credential', async () => {
    const error = await failure(
      clientWith({ credentials, auth: 'SIGNED', now: () => Number.NaN }).getDepth({
        symbol: 'BTCUSDT',
      }),
    )
    expect(error.option).toBe('now')
    expect(error.shortMessage).toBe(
      'now returned NaN, not epoch milliseconds (as Date.now() returns)',
    )
    expect(server.requests).toHaveLength(0)
    for (const secret of [credentials.secret, credentials.memo]) {
      expect(error.message).not.toContain(secret)
    }
  })

  it('a clock that returns NaN fails a candle range too, as an OptionError, before any request', async () => {
    const client = clientWith({ now: () => Number.NaN })
    const range = client.getKlineRange({ symbol: 'BTCUSDT', step: '1h', startTime: 0 })
    const error = await failure(range)
    expect(error.option).toBe('now')
    expect(error.endpoint).toBe('GET /contract/public/kline')
    expect(server.requests).toHaveLength(0)
  })

  it('an onDrift that throws: the call rejects with an OptionError whose cause is what it threw', async () => {
    const drifting = await startHostileServer((_req, res) =>
      sendJson(
        res,
        envelope(
          '{"timestamp":1768478400000,"symbol":"BTCUSDT","bids":[],"asks":[],"brand_new":1}',
        ),
      ),
    )
    try {
      const thrown = new Error('drift is a failure here')
      const client = createClient({
        baseUrl: drifting.url,
        rateLimit: false,
        retry: { maxRetries: 3, baseDelayMs: 1 },
        onDrift: () => {
          throw thrown
        },
      })
      const error = await failure(client.getDepth({ symbol: 'BTCUSDT' }))
      expect(error.option).toBe('onDrift')
      expect(error.cause).toBe(thrown)
      expect(error.endpoint).toBe('GET /contract/public/depth')
      expect(drifting.requests).toHaveLength(1)
    } finally {
      await drifting.close()
    }
  })

  it('a custom rate-limit store that throws: named, nothing sent', async () => {
    const broken: RateLimitStore = {
      acquire: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'incr')")
      },
      observe: () => {},
      block: () => {},
    }
    const error = await failure(
      clientWith({ rateLimit: { store: broken } }).getDepth({ symbol: 'BTCUSDT' }),
    )
    expect(error.option).toBe('rateLimit.store')
    expect(server.requests).toHaveLength(0)
  })
})

describe('credentials are checked when the client is made', () => {
  it('credentials: { secret: 42 } fails createClient, naming the field and never its value', () => {
    let error: unknown
    try {
      createClient({
        baseUrl: server.url,
        credentials: { apiKey: 'key', secret: 42 as unknown as string, memo: 'memo' },
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(OptionError)
    expect((error as OptionError).option).toBe('credentials.secret')
    expect((error as Error).message).toBe(
      'credentials.secret must be a non-empty string, got a number',
    )
    expect((error as Error).message).not.toContain('42')
  })
})
