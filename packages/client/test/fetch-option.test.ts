import { startSandbox } from '@perpkit/sandbox'
import { fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import {
  createClient,
  type FetchFunction,
  type FetchInit,
  NetworkError,
  TimeoutError,
} from '../src/index.ts'

/** A port nothing listens on (set in beforeAll): fetch fails with a TypeError, as a browser's does on CORS. */
let CLOSED: string
const credentials = { apiKey: 'key-fetch', secret: 'secret-fetch', memo: 'memo-fetch' }
let signed: Awaited<ReturnType<typeof startSandbox>>

beforeAll(async () => {
  const closed = await startSandbox({ quiet: true })
  await closed.close()
  CLOSED = closed.url
  // Every endpoint signed, so that an answer proves the signature checked out.
  signed = await startSandbox({ credentials, endpointAuth: 'SIGNED', quiet: true })
})
afterAll(() => signed.close())

describe('the fetch option takes any fetch-compatible function', () => {
  it("works with undici's own fetch (it cannot read the global Request ky builds)", async () => {
    const client = createClient({ baseUrl: inject('sandboxUrl'), fetch: undiciFetch })
    const { data, response, attempts } = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
    expect(data.symbol).toBe('BTCUSDT')
    expect(data.bids.length).toBeGreaterThan(0)
    expect(response.status).toBe(200)
    expect(attempts).toBe(1)
  })

  it("signs through undici's fetch: the signed sandbox accepts the headers it carried", async () => {
    const client = createClient({
      baseUrl: signed.url,
      credentials,
      auth: 'SIGNED',
      fetch: undiciFetch,
    })
    await expect(client.getTrades({ symbol: 'BTCUSDT', limit: 5 })).resolves.toHaveLength(5)
  })

  it('hands a wrapper a URL string and a plain init it can pass on to any fetch', async () => {
    const seen: { url: unknown; init: FetchInit }[] = []
    const wrapper: FetchFunction = (url, init) => {
      seen.push({ url, init })
      return undiciFetch(url, init)
    }
    const client = createClient({
      baseUrl: inject('sandboxUrl'),
      fetch: wrapper,
      headers: { 'x-app': 'perpkit-test' },
    })
    await client.getFundingRate({ symbol: 'ETHUSDT' })
    expect(seen).toHaveLength(1)
    const [{ url, init }] = seen as [(typeof seen)[0]]
    expect(url).toBe(`${inject('sandboxUrl')}/contract/public/funding-rate?symbol=ETHUSDT`)
    expect(init).toMatchObject({ method: 'GET', redirect: 'manual' })
    expect(init.headers['x-app']).toBe('perpkit-test')
    expect(init.signal).toBeInstanceOf(AbortSignal)
    expect(init.body).toBeUndefined()
  })

  it("hands the custom fetch the attempt's own signal, which the timeout aborts", async () => {
    const signals: AbortSignal[] = []
    const client = createClient({
      baseUrl: inject('sandboxUrl'),
      retry: 0,
      timeout: 100,
      headers: { 'X-Sandbox-Fault': 'latency=5000' },
      fetch: (url, init) => {
        signals.push(init.signal)
        return undiciFetch(url, init)
      },
    })
    await expect(client.getDepth({ symbol: 'BTCUSDT' })).rejects.toBeInstanceOf(TimeoutError)
    expect(signals).toHaveLength(1)
    expect(signals[0]?.aborted).toBe(true)
  })

  it('a failure of the custom fetch is a NetworkError with its reason', async () => {
    const client = createClient({ baseUrl: CLOSED, fetch: undiciFetch, retry: 0 })
    const error = await client.getDepth({ symbol: 'BTCUSDT' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toContain('ECONNREFUSED')
  })
})

describe('a fetch failure in a page on another origin', () => {
  it('says it is probably CORS and names the headers the server must send', async () => {
    // A page's origin, as a browser has it; the real-browser suite shows a real CORS refusal.
    vi.stubGlobal('location', { origin: 'http://app.example' })
    try {
      const client = createClient({ baseUrl: CLOSED, retry: 0 })
      const error = await client.getDepth({ symbol: 'BTCUSDT' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NetworkError)
      const message = (error as Error).message
      expect(message).toContain('This is probably CORS')
      expect(message).toContain('"Access-Control-Allow-Origin: http://app.example"')
      expect(message).toContain('Access-Control-Expose-Headers')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('adds no CORS hint outside a browser, nor on the same origin', async () => {
    const message = (origin?: string) => {
      if (origin) vi.stubGlobal('location', { origin })
      return createClient({ baseUrl: CLOSED, retry: 0 })
        .getDepth({ symbol: 'BTCUSDT' })
        .catch((e: unknown) => (e as Error).message)
        .finally(() => vi.unstubAllGlobals())
    }
    expect(await message()).not.toContain('CORS')
    expect(await message(CLOSED)).not.toContain('CORS')
  })
})

describe('a custom fetch whose response has no clone()', () => {
  /** What a minimal fetch returns: status, ok, headers and the body stream, nothing else. */
  const bare: FetchFunction = async (url, init) => {
    const response = await undiciFetch(url, init)
    return {
      status: response.status,
      ok: response.ok,
      headers: response.headers,
      body: response.body,
    }
  }

  it('works with an afterResponse hook, which sees the status and headers', async () => {
    const seen: { status: number; type: string | null }[] = []
    const client = createClient({
      baseUrl: inject('sandboxUrl'),
      fetch: bare,
      hooks: {
        afterResponse: [
          (_request, _options, response) => {
            seen.push({ status: response.status, type: response.headers.get('content-type') })
          },
        ],
      },
    })
    const depth = await client.getDepth({ symbol: 'BTCUSDT' })
    expect(depth.bids.length).toBeGreaterThan(0)
    expect(seen).toEqual([{ status: 200, type: expect.stringContaining('application/json') }])
  })
})
