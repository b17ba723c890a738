import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createClient, InProcessRateLimitStore, RateLimitError } from '../src/index.ts'
import { envelope, type HostileServer, sendJson, startHostileServer } from './hostile-server.ts'

/** A small valid depth payload, so a call the server lets through succeeds. */
const DEPTH = envelope(
  '{"timestamp":1768478400000,"symbol":"BTCUSDT","bids":[["100","1","1"]],"asks":[["101","1","1"]]}',
)
const TOO_MANY = '{"code":30013,"message":"Too many requests","trace":"t-429","data":null}'

/** A cap far below what the server asks, and far below the time the tests allow. */
const CAP_MS = 300
/** How long a test lets the call after the absurd header take: 50 times the longest wait allowed. */
const PATIENCE_MS = 15_000

type Answer = (res: ServerResponse) => void
const answers: Answer[] = []
const ok: Answer = (res) => sendJson(res, DEPTH)
const tooMany =
  (headers: Record<string, string>): Answer =>
  (res) => {
    res.writeHead(429, { 'content-type': 'application/json', ...headers })
    res.end(TOO_MANY)
  }
/** When the server saw each request, in ms on its own monotonic clock. */
const seenAt: number[] = []
let server: HostileServer

/** Node's warning for a timer armed beyond 2^31 - 1 ms (which then fires after 1 ms, and spins). */
const overflows: string[] = []
const onWarning = (warning: Error) => {
  if (warning.name === 'TimeoutOverflowWarning') overflows.push(warning.message)
}

beforeAll(async () => {
  server = await startHostileServer((_req, res) => {
    seenAt.push(performance.now())
    ;(answers.shift() ?? ok)(res)
  })
  process.on('warning', onWarning)
})
beforeEach(() => {
  answers.length = 0
  seenAt.length = 0
  server.requests.length = 0
  overflows.length = 0
})
afterEach(() => {
  expect(overflows).toEqual([])
})
afterAll(async () => {
  process.off('warning', onWarning)
  await server.close()
})

/**
 * A client with its own budgets (nothing shared with other tests), a window
 * shorter than the cap (a bucket holds back for at most the larger of the two),
 * and a small cap.
 */
const clientWithCap = () =>
  createClient({
    baseUrl: server.url,
    retry: { maxRetries: 2, baseDelayMs: 5, maxRetryAfterMs: CAP_MS },
    rateLimit: {
      store: new InProcessRateLimitStore(),
      budgets: { '/contract/public/depth': { limit: 12, windowMs: 100 } },
    },
  })

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  )

const DAY_MS = 86_400_000

describe('a server that asks for an absurd wait cannot stall the endpoint', () => {
  it.each([
    ['Retry-After in seconds', { 'retry-after': '99999999' }, 99_999_999_000],
    [
      'Retry-After as an HTTP date 200 days ahead',
      { 'retry-after': new Date(Date.now() + 200 * DAY_MS).toUTCString() },
      199 * DAY_MS,
    ],
    [
      'a rate-limit Reset on a 429 without Retry-After',
      {
        'x-ratelimit-limit': '12',
        'x-ratelimit-remaining': '12',
        'x-ratelimit-reset': '99999999',
      },
      99_999_999_000,
    ],
  ])(
    '429 with %s: RateLimitError carrying the ask, not retried; the next call goes out within the cap',
    async (_form, headers, asked) => {
      const client = clientWithCap()
      answers.push(tooMany(headers))
      const error = await errorOf(client.getDepth({ symbol: 'BTCUSDT' }))
      expect(error).toBeInstanceOf(RateLimitError)
      expect((error as RateLimitError).retryAfterMs).toBeGreaterThanOrEqual(asked)
      expect(server.requests).toHaveLength(1)

      const book = await client.getDepth(
        { symbol: 'BTCUSDT' },
        { signal: AbortSignal.timeout(PATIENCE_MS) },
      )
      expect(book.symbol).toBe('BTCUSDT')
      expect(server.requests).toHaveLength(2)
    },
  )

  it('200 whose headers say the window is used up, with an absurd Reset: the next call still goes out', async () => {
    const client = clientWithCap()
    answers.push((res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-ratelimit-limit': '12',
        'x-ratelimit-remaining': '12',
        'x-ratelimit-reset': '99999999',
      })
      res.end(DEPTH)
    })
    const first = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
    // What the server said stays visible as it said it.
    expect(first.rateLimit?.windowMs).toBe(99_999_999_000)
    const book = await client.getDepth(
      { symbol: 'BTCUSDT' },
      { signal: AbortSignal.timeout(PATIENCE_MS) },
    )
    expect(book.symbol).toBe('BTCUSDT')
    expect(server.requests).toHaveLength(2)
  })
})

describe('a server that asks for no wait, or next to none, still gets the normal backoff', () => {
  it.each([
    ['Retry-After: 0', { 'retry-after': '0' }],
    ['a negative Retry-After', { 'retry-after': '-5' }],
    ['a Retry-After of a tenth of a millisecond', { 'retry-after': '0.0001' }],
    [
      'a Retry-After date in the past',
      { 'retry-after': new Date(Date.now() - DAY_MS).toUTCString() },
    ],
    [
      'a Reset of 0 without Retry-After',
      { 'x-ratelimit-limit': '12', 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': '0' },
    ],
  ])('429 with %s: each retry waits at least its backoff', async (_form, headers) => {
    const baseDelayMs = 200
    const client = createClient({
      baseUrl: server.url,
      retry: { maxRetries: 2, baseDelayMs },
      rateLimit: false,
    })
    answers.push(tooMany(headers), tooMany(headers))
    const book = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
    expect(book.attempts).toBe(3)
    const [first, second, third] = seenAt as [number, number, number]
    // Backoff with jitter waits 75 % to 100 % of 200 ms, then of 400 ms: a lower bound only.
    expect(second - first).toBeGreaterThanOrEqual(0.75 * baseDelayMs)
    expect(third - second).toBeGreaterThanOrEqual(0.75 * 2 * baseDelayMs)
  })
})
