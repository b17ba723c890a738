import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  AbortError,
  createClient,
  MaintenanceError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
} from '../src/index.ts'

const DEPTH = '/contract/public/depth'
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, quiet: true, rateLimit: false })
})
afterEach(() => sandbox.faults.clear())
afterAll(() => sandbox.close())

/** A client that retries fast, so the tests prove retries without waiting on backoff. */
const clientWith = (retry: number, timeout = 1000) =>
  createClient({
    baseUrl: sandbox.url,
    rateLimit: false,
    timeout,
    retry: { maxRetries: retry, baseDelayMs: 5 },
  })

const depth = (retry: number, timeout?: number) =>
  clientWith(retry, timeout).getDepth({ symbol: 'BTCUSDT' }).withResponse()

/**
 * A real fetch that counts the requests and reads each answer to its end before handing it
 * over, so a test knows when the sandbox has answered without waiting on a clock.
 */
function observedFetch() {
  let count = 0
  const waiting: { after: number; resolve: () => void }[] = []
  let answered = 0
  const fetchAndRead: typeof fetch = async (input, init) => {
    count++
    const response = await fetch(input, init)
    const body = await response.arrayBuffer()
    answered++
    for (const waiter of waiting.filter(({ after }) => answered >= after)) waiter.resolve()
    return new Response(body, response)
  }
  return {
    fetch: fetchAndRead,
    count: () => count,
    /** Resolves once `n` answers have been read. */
    answered: (n: number) =>
      answered >= n
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ after: n, resolve })),
    /** Lets the client act on what it has (a few turns of the event loop, no clock). */
    settle: async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

describe('each sandbox fault ends in a typed error or a successful retry', () => {
  it('503 with code 30014: ServerError without retries; recovered on the second attempt with them', async () => {
    sandbox.faults.add(DEPTH, { kind: 'unavailable' }, 1)
    const error = await depth(0).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServerError)
    expect(error).toMatchObject({ code: 30014, httpStatus: 503, retryable: true })
    sandbox.faults.add(DEPTH, { kind: 'unavailable' }, 1)
    expect((await depth(2)).attempts).toBe(2)
  })

  it('418 with code 30017: RateLimitError, never retried (retrying makes it worse)', async () => {
    sandbox.faults.add(DEPTH, { kind: 'blocked' }, 1)
    const error = await depth(3).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error).toMatchObject({ code: 30017, httpStatus: 418, retryable: false })
    expect(sandbox.faults.pending()).toEqual([])
  })

  it('403 with a CDN HTML page: UnexpectedResponseError with status and excerpt', async () => {
    sandbox.faults.add(DEPTH, { kind: 'forbidden-html' }, 1)
    const error = await depth(0).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect(error).toMatchObject({ httpStatus: 403 })
    expect((error as UnexpectedResponseError).excerpt).toMatch(/403 Forbidden/)
  })

  it('503 with an HTML page: UnexpectedResponseError with status and excerpt, then retried', async () => {
    sandbox.faults.add(DEPTH, { kind: 'unavailable-html' }, 1)
    const error = await depth(0).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect(error).toMatchObject({ httpStatus: 503, retryable: true })
    expect((error as UnexpectedResponseError).contentType).toContain('text/html')
    expect((error as UnexpectedResponseError).excerpt).toMatch(/<html|<!doctype/i)
    sandbox.faults.add(DEPTH, { kind: 'unavailable-html' }, 1)
    expect((await depth(1)).attempts).toBe(2)
  })

  it('malformed JSON with HTTP 200: UnexpectedResponseError, not retried', async () => {
    sandbox.faults.add(DEPTH, { kind: 'malformed-json' }, 1)
    const error = await depth(3).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect(error).toMatchObject({ httpStatus: 200, retryable: false })
    expect((error as Error).message).toContain('The response body is not valid JSON')
  })

  it('code 30016 with HTTP 200: MaintenanceError, retried until it clears', async () => {
    sandbox.faults.add(DEPTH, { kind: 'maintenance' }, 1)
    await expect(depth(0)).rejects.toBeInstanceOf(MaintenanceError)
    sandbox.faults.add(DEPTH, { kind: 'maintenance' }, 2)
    expect((await depth(2)).attempts).toBe(3)
  })

  it('429 with rate-limit headers: RateLimitError that honours Retry-After before the retry', async () => {
    sandbox.faults.add(DEPTH, { kind: 'rate-limit', retryAfterSeconds: 1 }, 1)
    const error = await depth(0).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error).toMatchObject({ code: 30013, httpStatus: 429, retryAfterMs: 1000 })

    // Real HTTP, fake clock: the retry must not go out before the clock passes Retry-After.
    sandbox.faults.add(DEPTH, { kind: 'rate-limit', retryAfterSeconds: 1 }, 1)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const sent = observedFetch()
      const client = createClient({
        baseUrl: sandbox.url,
        rateLimit: false,
        timeout: 60_000,
        retry: { maxRetries: 1, baseDelayMs: 5 },
        fetch: sent.fetch,
      })
      const pending = client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
      await sent.answered(1)
      let waited = 0
      while (sent.count() < 2 && waited < 5000) {
        await vi.advanceTimersByTimeAsync(50)
        waited += 50
        await sent.settle()
      }
      expect(sent.count()).toBe(2)
      expect(waited).toBeGreaterThanOrEqual(1000)
      expect((await pending).attempts).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('connection reset: NetworkError, then retried', async () => {
    sandbox.faults.add(DEPTH, { kind: 'reset' }, 1)
    await expect(depth(0)).rejects.toBeInstanceOf(NetworkError)
    sandbox.faults.add(DEPTH, { kind: 'reset' }, 1)
    expect((await depth(1)).attempts).toBe(2)
  })

  it('a body that stalls mid-way: TimeoutError (the timeout covers the body), then retried', async () => {
    sandbox.faults.add(DEPTH, { kind: 'stall' }, 1)
    const error = await depth(0, 300).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toMatchInlineSnapshot(`
      "The request timed out after 300 ms

      Endpoint: GET /contract/public/depth"
    `)
    sandbox.faults.add(DEPTH, { kind: 'stall' }, 1)
    expect((await depth(1, 300)).attempts).toBe(2)
  })

  it('latency beyond the timeout: TimeoutError; within it: success', async () => {
    sandbox.faults.add(DEPTH, { kind: 'latency', latencyMs: 600 }, 1)
    await expect(depth(0, 200)).rejects.toBeInstanceOf(TimeoutError)
    sandbox.faults.add(DEPTH, { kind: 'latency', latencyMs: 50 }, 1)
    expect((await depth(0, 1000)).attempts).toBe(1)
  })

  it('the caller aborting mid-request: AbortError, no retry', async () => {
    sandbox.faults.add(DEPTH, { kind: 'latency', latencyMs: 2000 }, 1)
    const controller = new AbortController()
    const pending = clientWith(3).getDepth({ symbol: 'BTCUSDT' }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toBeInstanceOf(AbortError)
  })

  it('a signal aborted before the call, with no rate limiter to check it: AbortError, nothing sent', async () => {
    const sent = observedFetch()
    const client = createClient({ baseUrl: sandbox.url, rateLimit: false, fetch: sent.fetch })
    const signal = AbortSignal.abort(new Error('cancelled early'))
    await expect(client.getDepth({ symbol: 'BTCUSDT' }, { signal })).rejects.toBeInstanceOf(
      AbortError,
    )
    expect(sent.count()).toBe(0)
  })

  it('the caller aborting during a backoff wait: AbortError without waiting it out', async () => {
    sandbox.faults.add(DEPTH, { kind: 'unavailable' }, 5)
    const controller = new AbortController()
    const sent = observedFetch()
    // A backoff far longer than the test's timeout: only an abort that cuts it short passes.
    const client = createClient({
      baseUrl: sandbox.url,
      rateLimit: false,
      retry: { maxRetries: 3, baseDelayMs: 600_000, maxDelayMs: 600_000 },
      fetch: sent.fetch,
    })
    const pending = client.getDepth({ symbol: 'BTCUSDT' }, { signal: controller.signal })
    await sent.answered(1)
    await sent.settle()
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(AbortError)
    expect(sent.count()).toBe(1)
  })

  it('the same fault sent as a per-request header', async () => {
    const client = createClient({
      baseUrl: sandbox.url,
      rateLimit: false,
      retry: 0,
      headers: { 'X-Sandbox-Fault': 'unavailable' },
    })
    await expect(client.getDepth({ symbol: 'BTCUSDT' })).rejects.toBeInstanceOf(ServerError)
  })
})
