// What code given to the client may throw, beyond a plain Error: a value whose properties throw
// when read, an AbortError or TimeoutError of its own while nothing aborted, a network-looking
// error from a clock. Each is an OptionError naming the option (never a raw value escaping the
// client, never blamed on another option), while an abort that the caller's signal or the
// attempt's timeout explains is still reported as one.
import { fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AbortError,
  type ClientOptions,
  createClient,
  type FetchFunction,
  InProcessRateLimitStore,
  OptionError,
  type RateLimitStore,
  TimeoutError,
} from '../src/index.ts'
import { envelope, type HostileServer, sendJson, startHostileServer } from './hostile-server.ts'

const DEPTH = envelope(
  '{"timestamp":1768478400000,"symbol":"BTCUSDT","bids":[["100","1","1"]],"asks":[["101","1","1"]]}',
)
const credentials = { apiKey: 'key-odd', secret: 'sEcReT-odd', memo: 'memo-odd' }
let server: HostileServer
/** When set, the server never answers: only the attempt's timeout ends the request. */
let stall = false

beforeAll(async () => {
  server = await startHostileServer((_req, res) => {
    if (!stall) sendJson(res, DEPTH)
  })
})
beforeEach(() => {
  server.requests.length = 0
  stall = false
})
afterAll(() => server.close())

const clientWith = (options: ClientOptions) =>
  createClient({
    baseUrl: server.url,
    retry: { maxRetries: 3, baseDelayMs: 1 },
    rateLimit: false,
    ...options,
  })

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (e: unknown) => e,
  )

/** A store whose acquire throws `thrown`. */
const throwingStore = (thrown: () => unknown): RateLimitStore => ({
  acquire: () => {
    throw thrown()
  },
  observe: () => {},
  block: () => {},
})

/** Each function option, made to throw what `thrown` gives, and the name it must be given. */
const throwers: [string, (thrown: () => unknown) => ClientOptions][] = [
  [
    'hooks.beforeRequest[0]',
    (thrown) => ({
      hooks: {
        beforeRequest: [
          () => {
            throw thrown()
          },
        ],
      },
    }),
  ],
  [
    'hooks.afterResponse[0]',
    (thrown) => ({
      hooks: {
        afterResponse: [
          () => {
            throw thrown()
          },
        ],
      },
    }),
  ],
  ['fetch', (thrown) => ({ fetch: () => Promise.reject(thrown()) })],
  [
    'now',
    (thrown) => ({
      credentials,
      auth: 'SIGNED',
      now: () => {
        throw thrown()
      },
    }),
  ],
  ['rateLimit.store', (thrown) => ({ rateLimit: { store: throwingStore(thrown) } })],
]

const odd: [string, () => unknown][] = [
  [
    'an object whose name and message getters throw',
    () => ({
      get name(): string {
        throw new Error('name getter')
      },
      get message(): string {
        throw new Error('message getter')
      },
    }),
  ],
  [
    'a Proxy that throws on every read',
    () =>
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('proxy get')
          },
          getPrototypeOf: () => {
            throw new Error('proxy prototype')
          },
        },
      ),
  ],
  [
    'a TypeError whose code getter throws',
    () =>
      Object.defineProperty(new TypeError('x'), 'code', {
        get: () => {
          throw new Error('code getter')
        },
      }),
  ],
  ['an AbortError of its own', () => new DOMException('gave up', 'AbortError')],
  ['a TimeoutError of its own', () => new DOMException('too slow', 'TimeoutError')],
  ['an Error named AbortError', () => Object.assign(new Error('aborted'), { name: 'AbortError' })],
]

describe('an odd throw from a function option is an OptionError naming it, sent once at most', () => {
  describe.each(throwers)('%s', (option, options) => {
    it.each(odd)('throwing %s', async (_kind, thrown) => {
      const error = await failure(clientWith(options(thrown)).getDepth({ symbol: 'BTCUSDT' }))
      expect(error).toBeInstanceOf(OptionError)
      expect((error as OptionError).option).toBe(option)
      expect((error as OptionError).retryable).toBe(false)
      expect((error as OptionError).endpoint).toBe('GET /contract/public/depth')
      expect(server.requests.length).toBeLessThanOrEqual(1)
    })
  })

  it('a clock that throws a network-looking TypeError is blamed on now, not on the credentials', async () => {
    const error = await failure(
      clientWith({
        credentials,
        auth: 'SIGNED',
        now: () => {
          throw new TypeError('fetch failed')
        },
      }).getDepth({ symbol: 'BTCUSDT' }),
    )
    expect(error).toBeInstanceOf(OptionError)
    expect((error as OptionError).option).toBe('now')
    expect(server.requests).toHaveLength(0)
  })
})

describe('an abort that the caller or the timeout explains is still reported as one', () => {
  /** A custom fetch that wraps undici's, as the README shows: it rethrows undici's AbortError. */
  const wrapping: FetchFunction = (url, init) => undiciFetch(url, init)

  it("the caller's signal fires while a custom fetch waits: AbortError, not an OptionError", async () => {
    stall = true
    const controller = new AbortController()
    const pending = failure(
      clientWith({ fetch: wrapping }).getDepth(
        { symbol: 'BTCUSDT' },
        { signal: controller.signal },
      ),
    )
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort(new Error('the user left'))
    const error = await pending
    expect(error).toBeInstanceOf(AbortError)
    expect((error as AbortError).cause).toEqual(new Error('the user left'))
  })

  it('the attempt times out while a custom fetch waits: TimeoutError, retried', async () => {
    stall = true
    const error = await failure(
      clientWith({
        fetch: wrapping,
        timeout: 50,
        retry: { maxRetries: 1, baseDelayMs: 1 },
      }).getDepth({ symbol: 'BTCUSDT' }),
    )
    expect(error).toBeInstanceOf(TimeoutError)
    expect(server.requests).toHaveLength(2)
  })

  it('a custom store that rejects with the abort reason it was asked to honour: AbortError', async () => {
    const store = new InProcessRateLimitStore()
    // A store of its own that defers to the in-process one (so user code, guarded).
    const custom: RateLimitStore = {
      acquire: (key, budget, signal) => store.acquire(key, budget, signal),
      observe: (key, budget, info) => store.observe(key, budget, info),
      block: (key, budget, ms) => store.block(key, budget, ms),
    }
    const client = clientWith({
      rateLimit: {
        store: custom,
        budgets: { '/contract/public/depth': { limit: 1, windowMs: 60_000 } },
      },
    })
    await client.getDepth({ symbol: 'BTCUSDT' })
    const controller = new AbortController()
    const queued = failure(client.getDepth({ symbol: 'BTCUSDT' }, { signal: controller.signal }))
    controller.abort('no longer needed')
    const error = await queued
    expect(error).toBeInstanceOf(AbortError)
    expect(server.requests).toHaveLength(1)
  })
})
