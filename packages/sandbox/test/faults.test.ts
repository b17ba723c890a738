import { endpointRoutes } from '@perpkit/schemas/lite'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FaultKind, faultKinds, type Sandbox, startSandbox } from '../src/index.ts'
import { clockUntilAnswered } from './fake-clock.ts'
import { call, NOW } from './helpers.ts'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, now: () => NOW })
})

afterAll(async () => {
  await sandbox.close()
})

afterEach(() => {
  sandbox.faults.clear()
})

const DEPTH = '/contract/public/depth' as const
const query = { symbol: 'BTCUSDT' }
const withFault = (fault: string) =>
  call(sandbox.url, DEPTH, query, { headers: { 'X-Sandbox-Fault': fault } })

describe('faults through the X-Sandbox-Fault header', () => {
  it('latency=250 delays the answer, then answers normally', async () => {
    const { reply, waitedMs } = await clockUntilAnswered(() => withFault('latency=250'))
    expect(waitedMs).toBeGreaterThanOrEqual(250)
    expect(reply.status).toBe(200)
    expect(reply.body.code).toBe(1000)
  })

  it('rate-limit answers HTTP 429, code 30013, with rate-limit headers and no Retry-After', async () => {
    const reply = await withFault('rate-limit')
    expect(reply.status).toBe(429)
    expect(reply.body).toMatchObject({ code: 30013, data: null })
    // A budget just overrun: the depth row's own limit and window.
    const { limit, windowMs } = endpointRoutes[DEPTH].rateLimit
    expect(reply.headers.get('X-RateLimit-Limit')).toBe(String(limit))
    expect(reply.headers.get('X-RateLimit-Remaining')).toBe(String(limit + 1))
    expect(reply.headers.get('X-RateLimit-Reset')).toBe(String(windowMs / 1000))
    expect(reply.headers.get('X-RateLimit-Mode')).toBe('IP')
    expect(reply.headers.get('retry-after')).toBeNull()
  })

  it('blocked answers HTTP 418, code 30017, with the headers of a budget twice overrun', async () => {
    const reply = await withFault('blocked')
    expect(reply.status).toBe(418)
    expect(reply.body).toMatchObject({ code: 30017, data: null })
    const { limit } = endpointRoutes[DEPTH].rateLimit
    expect(reply.headers.get('X-RateLimit-Remaining')).toBe(String(2 * limit + 1))
  })

  it('unavailable answers HTTP 503 with code 30014 in a JSON body', async () => {
    const reply = await withFault('unavailable')
    expect(reply.status).toBe(503)
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
    expect(reply.body).toMatchObject({ code: 30014, data: null })
    expect(typeof reply.body.trace).toBe('string')
  })

  it('rate-limit=1 adds Retry-After: 1', async () => {
    const reply = await withFault('rate-limit=1')
    expect(reply.status).toBe(429)
    expect(reply.headers.get('retry-after')).toBe('1')
  })

  it('server-error, an invented answer, is refused (400 / 40007) unless inventedFaults is on', async () => {
    const refused = await withFault('server-error')
    expect([refused.status, refused.body.code]).toEqual([400, 40007])
    expect(String(refused.body.message)).toMatch(/inventedFaults/)
    expect(() => sandbox.faults.add(DEPTH, { kind: 'server-error' })).toThrow(/inventedFaults/)
    const invented = await startSandbox({ rateLimit: false, now: () => NOW, inventedFaults: true })
    try {
      const reply = await call(invented.url, DEPTH, query, {
        headers: { 'X-Sandbox-Fault': 'server-error' },
      })
      expect(reply.status).toBe(500)
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
      expect(reply.body).toMatchObject({ code: 50000, data: null })
    } finally {
      await invented.close()
    }
  })

  it('unavailable-html answers HTTP 503 with an HTML page, as a CDN does', async () => {
    const reply = await withFault('unavailable-html')
    expect(reply.status).toBe(503)
    expect(reply.headers.get('content-type')).toBe('text/html')
    expect(reply.text).toMatch(/^<!DOCTYPE html>/)
    expect(() => JSON.parse(reply.text)).toThrow()
  })

  it('forbidden-html answers HTTP 403 with an HTML page, as a CDN does', async () => {
    const reply = await withFault('forbidden-html')
    expect(reply.status).toBe(403)
    expect(reply.headers.get('content-type')).toBe('text/html')
    expect(reply.text).toMatch(/403 Forbidden/)
  })

  it('malformed-json answers HTTP 200 with content-type JSON and a body that does not parse', async () => {
    const reply = await withFault('malformed-json')
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
    expect(() => JSON.parse(reply.text)).toThrow(SyntaxError)
  })

  it('maintenance answers HTTP 200 with code 30016 and data null', async () => {
    const reply = await withFault('maintenance')
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ code: 30016, data: null })
  })

  it('reset destroys the connection without an answer: fetch fails at once, not by timeout', async () => {
    const failure = await fetch(`${sandbox.url}${DEPTH}?symbol=BTCUSDT`, {
      headers: { 'X-Sandbox-Fault': 'reset' },
      signal: AbortSignal.timeout(5000),
    }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect((failure as Error).name).not.toBe('TimeoutError')
  })

  it('stall sends status and headers, then part of the body and never the rest', async () => {
    const res = await fetch(`${sandbox.url}${DEPTH}?symbol=BTCUSDT`, {
      headers: { 'X-Sandbox-Fault': 'stall' },
      signal: AbortSignal.timeout(500),
    })
    expect(res.status).toBe(200)
    const failure = await res.text().catch((error: unknown) => error)
    expect((failure as Error).name).toBe('TimeoutError')
  })

  it('close() finishes even with a stalled and a delayed request still open', async () => {
    const lines: string[] = []
    const own = await startSandbox({
      rateLimit: false,
      now: () => NOW,
      log: (line) => lines.push(line),
    })
    const url = `${own.url}${DEPTH}?symbol=BTCUSDT`
    const stalled = await fetch(url, { headers: { 'X-Sandbox-Fault': 'stall' } })
    const body = stalled.text().catch((error: unknown) => error)
    const delayed = fetch(`${url}&delayed`, {
      headers: { 'X-Sandbox-Fault': 'latency=60000' },
    }).catch((error: unknown) => error)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await own.close()
    expect(await body).toBeInstanceOf(Error)
    expect(await delayed).toBeInstanceOf(Error)
    // Both reached the server and were cut by close(), not refused at the door.
    await vi.waitFor(() =>
      expect(lines.filter((line) => line.includes(' aborted '))).toHaveLength(2),
    )
    expect(lines.some((line) => line.includes('&delayed aborted'))).toBe(true)
  })

  it('chains faults: latency=50, maintenance waits then answers maintenance', async () => {
    const { reply, waitedMs } = await clockUntilAnswered(() => withFault('latency=50, maintenance'))
    expect(waitedMs).toBeGreaterThanOrEqual(50)
    expect(reply.body.code).toBe(30016)
  })

  it('answers 400 with code 40007 for an unknown fault kind', async () => {
    const reply = await withFault('meltdown')
    expect(reply.status).toBe(400)
    expect(reply.body.code).toBe(40007)
  })

  it('lists every fault kind', () => {
    expect([...faultKinds].sort()).toEqual(
      [
        'latency',
        'rate-limit',
        'blocked',
        'unavailable',
        'unavailable-html',
        'forbidden-html',
        'maintenance',
        'malformed-json',
        'reset',
        'stall',
        'server-error',
      ].sort(),
    )
  })
})

describe('queued faults', () => {
  it('faults.add(path, fault, 2) applies to the next two requests to that path only', async () => {
    sandbox.faults.add(DEPTH, { kind: 'unavailable' }, 2)
    expect((await call(sandbox.url, '/contract/public/details')).status).toBe(200)
    expect((await call(sandbox.url, DEPTH, query)).status).toBe(503)
    expect((await call(sandbox.url, DEPTH, query)).status).toBe(503)
    expect((await call(sandbox.url, DEPTH, query)).status).toBe(200)
  })

  it("'*' applies to any endpoint, after the path-specific faults", async () => {
    sandbox.faults.add('*', { kind: 'maintenance' })
    sandbox.faults.add(DEPTH, { kind: 'rate-limit', retryAfterSeconds: 1 })
    const first = await call(sandbox.url, DEPTH, query)
    expect(first.status).toBe(429)
    expect(first.headers.get('retry-after')).toBe('1')
    expect((await call(sandbox.url, DEPTH, query)).body.code).toBe(30016)
    expect((await call(sandbox.url, DEPTH, query)).body.code).toBe(1000)
  })

  it('clear() drops every queued fault', async () => {
    sandbox.faults.add('*', { kind: 'unavailable' }, 10)
    sandbox.faults.clear()
    expect(sandbox.faults.pending()).toEqual([])
    expect((await call(sandbox.url, DEPTH, query)).status).toBe(200)
  })

  it('refuses an unknown path or kind', () => {
    expect(() => sandbox.faults.add('/contract/public/nope', { kind: 'reset' })).toThrow(/path/)
    expect(() => sandbox.faults.add(DEPTH, { kind: 'meltdown' as FaultKind })).toThrow(/kind/)
    expect(() => sandbox.faults.add(DEPTH, { kind: 'reset' }, 0)).toThrow(/count/)
  })
})
