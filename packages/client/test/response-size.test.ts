import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createClient, ResponseTooLargeError } from '../src/index.ts'
import { resolveOptions } from '../src/resolve-options.ts'
import { type HostileServer, startHostileServer } from './hostile-server.ts'

const MiB = 1024 * 1024
/** What the hostile server offers: 400 MB, as in the report that buffered it whole. */
const OFFERED = 400 * 1000 * 1000
const CHUNK = Buffer.alloc(64 * 1024, 0x20)

/** How one answer ended, as the server saw it. */
interface Outcome {
  written: number
  /** The client hung up before the whole body was sent. */
  closedEarly: boolean
}

let server: HostileServer
let outcome: Promise<Outcome>

/** Streams up to {@link OFFERED} bytes with backpressure, until the client hangs up. */
async function stream(res: ServerResponse, announce: boolean): Promise<Outcome> {
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(announce ? { 'content-length': String(OFFERED) } : {}),
  })
  let written = 0
  let closed = false
  const hungUp = new Promise<void>((resolve) =>
    res.on('close', () => {
      closed = true
      resolve()
    }),
  )
  while (written < OFFERED && !closed) {
    written += CHUNK.length
    if (!res.write(CHUNK)) {
      await Promise.race([new Promise((resolve) => res.once('drain', resolve)), hungUp])
    }
  }
  if (!closed) res.end()
  await hungUp
  return { written, closedEarly: !res.writableFinished }
}

beforeAll(async () => {
  server = await startHostileServer((_req, res, url) => {
    outcome = stream(res, url.pathname === '/announced')
  })
})
afterAll(() => server.close())

const client = () => createClient({ baseUrl: server.url, maxResponseBytes: MiB, retry: 2 })

describe('maxResponseBytes: memory stays flat whatever the server sends', () => {
  it('defaults to 16 MiB, room for the largest payload (details of every contract, about 1 MB)', () => {
    expect(resolveOptions({ baseUrl: 'http://127.0.0.1:1' }).maxResponseBytes).toBe(16 * MiB)
    expect(() => resolveOptions({ baseUrl: 'http://x', maxResponseBytes: 0 })).toThrow(
      'maxResponseBytes must be an integer of at least 1, got 0',
    )
  })

  it('refuses a Content-Length over the limit before reading the body, and hangs up', async () => {
    const error = await client()
      .request({ path: '/announced' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect(error).toMatchObject({ maxBytes: MiB, contentLength: OFFERED, retryable: false })
    expect((error as Error).message).toContain('larger than maxResponseBytes (1048576 bytes)')
    const { written, closedEarly } = await outcome
    expect(closedEarly).toBe(true)
    expect(written).toBeLessThan(OFFERED / 10)
  })

  it('cuts a body without Content-Length off as soon as it passes the limit, and hangs up', async () => {
    const requestsBefore = server.requests.length
    const error = await client()
      .request({ path: '/streamed' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect(error).toMatchObject({ maxBytes: MiB, contentLength: null })
    const { written, closedEarly } = await outcome
    expect(closedEarly).toBe(true)
    // Socket buffers let the server write ahead a little; it never gets near the 400 MB.
    expect(written).toBeLessThan(OFFERED / 10)
    // Not retried: the same server would send the same body again.
    expect(server.requests.length - requestsBefore).toBe(1)
  })

  it('takes a per-call limit over the client one', async () => {
    const sandbox = createClient({ baseUrl: inject('sandboxUrl'), rateLimit: false })
    await expect(sandbox.getDepth({ symbol: 'BTCUSDT' })).resolves.toBeDefined()
    const error = await sandbox
      .getDepth({ symbol: 'BTCUSDT' }, { maxResponseBytes: 100 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect(error).toMatchObject({ maxBytes: 100, httpStatus: 200 })
  })
})
