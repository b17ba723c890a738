import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
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
  sandbox = await startSandbox({ seed: 3, quiet: true })
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

describe('each sandbox fault ends in a typed error or a successful retry', () => {
  it('500: ServerError without retries; recovered on the second attempt with them', async () => {
    sandbox.faults.add(DEPTH, { kind: 'server-error' }, 1)
    await expect(depth(0)).rejects.toBeInstanceOf(ServerError)
    sandbox.faults.add(DEPTH, { kind: 'server-error' }, 1)
    expect((await depth(2)).attempts).toBe(2)
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
    sandbox.faults.add(DEPTH, { kind: 'rate-limit', retryAfterSeconds: 1 }, 1)
    const started = performance.now()
    expect((await depth(1)).attempts).toBe(2)
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
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

  it('the caller aborting during a backoff wait: AbortError at once', async () => {
    sandbox.faults.add(DEPTH, { kind: 'server-error' }, 5)
    const controller = new AbortController()
    const client = createClient({
      baseUrl: sandbox.url,
      rateLimit: false,
      retry: { maxRetries: 3, baseDelayMs: 5000 },
    })
    const pending = client.getDepth({ symbol: 'BTCUSDT' }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    const started = performance.now()
    await expect(pending).rejects.toBeInstanceOf(AbortError)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('the same fault sent as a per-request header', async () => {
    const client = createClient({
      baseUrl: sandbox.url,
      rateLimit: false,
      retry: 0,
      headers: { 'X-Sandbox-Fault': 'server-error' },
    })
    await expect(client.getDepth({ symbol: 'BTCUSDT' })).rejects.toBeInstanceOf(ServerError)
  })
})
