// Only signed bytes come back as verified, with the same answer from verifyRequest (a Fetch
// Request) and verifyNodeRequest (a real IncomingMessage over loopback): a GET, HEAD or DELETE
// that carries a body is refused, a POST's query can be refused, and `parseJson` turns a
// signed body that is not JSON into a 400 instead of an exception in the route.
import { Buffer } from 'node:buffer'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryReplayStore } from './replay-store.ts'
import { type SignRequestParameters, signRequest } from './sign-request.ts'
import { verifyNodeRequest } from './verify-node-request.ts'
import { verifyRequest } from './verify-request.ts'
import type { VerifyRequestOptions } from './verify-request-options.ts'
import type { VerifyRequestResult } from './verify-request-result.ts'

const credentials = { apiKey: 'key-bytes', secret: 'SECRET-bytes-1', memo: 'MEMO-bytes-1' }
let server: Server
let base: string
// The options the loopback server verifies with, set by each case before it sends.
let serverOptions: VerifyRequestOptions = { credentials }

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const result = await verifyNodeRequest(req, serverOptions).catch((error: Error) => ({
      thrown: error.message,
    }))
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' })
    res.end(JSON.stringify(result))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

interface Case {
  method: 'GET' | 'HEAD' | 'DELETE' | 'POST' | 'PUT'
  query?: string
  /** The body sent, whatever was signed. */
  body?: string
  /** What was signed as the body (POST, PUT). */
  signedBody?: string
  /** Send the body chunked (no Content-Length). */
  chunked?: boolean
  options?: Partial<VerifyRequestOptions>
  signOptions?: Partial<SignRequestParameters>
}

async function headersFor(c: Case): Promise<Record<string, string>> {
  const signedMethod = c.method === 'HEAD' ? 'GET' : c.method
  return signRequest({
    method: signedMethod,
    query: c.query,
    body: signedMethod === 'POST' || signedMethod === 'PUT' ? (c.signedBody ?? c.body) : undefined,
    credentials,
    ...c.signOptions,
  } as SignRequestParameters)
}

/** Through node:http to verifyNodeRequest; HEAD answers carry no body, so HEAD is not sent. */
async function viaNode(c: Case, headers: Record<string, string>): Promise<unknown> {
  serverOptions = { credentials, replay: createMemoryReplayStore(), ...c.options }
  const path = c.query ? `/orders?${c.query}` : '/orders'
  const extra: Record<string, string> = {}
  if (c.body !== undefined) {
    if (c.chunked) extra['transfer-encoding'] = 'chunked'
    else extra['content-length'] = String(Buffer.byteLength(c.body))
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}${path}`,
      { method: c.method, headers: { ...headers, ...extra } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve(JSON.parse(text)))
      },
    )
    outgoing.on('error', reject)
    if (c.body !== undefined && c.chunked) {
      outgoing.write(c.body)
      outgoing.end()
    } else outgoing.end(c.body)
  })
}

/** A Fetch Request: a GET or HEAD cannot hold a body there, so its framing headers say so. */
function viaFetch(c: Case, headers: Record<string, string>): Promise<VerifyRequestResult> {
  const url = c.query ? `http://127.0.0.1/orders?${c.query}` : 'http://127.0.0.1/orders'
  const bodiless = c.method === 'GET' || c.method === 'HEAD'
  const framing: Record<string, string> = {}
  if (bodiless && c.body !== undefined) {
    if (c.chunked) framing['transfer-encoding'] = 'chunked'
    else framing['content-length'] = String(Buffer.byteLength(c.body))
  }
  const requestObject = new Request(url, {
    method: c.method,
    headers: { ...headers, ...framing },
    body: bodiless ? null : (c.body ?? null),
  })
  return verifyRequest(requestObject, {
    credentials,
    replay: createMemoryReplayStore(),
    ...c.options,
  })
}

/** Verifies the case both ways and returns both results, stripped to what must agree. */
async function both(c: Case) {
  const headers = await headersFor(c)
  const pick = (result: unknown) => {
    const r = result as Record<string, unknown>
    return r.ok
      ? { ok: true, body: r.body, json: r.json }
      : { ok: false, reason: r.reason, status: r.status, code: r.code }
  }
  const fetchResult = pick(await viaFetch(c, headers))
  if (c.method === 'HEAD') return { fetch: fetchResult, node: fetchResult }
  return { fetch: fetchResult, node: pick(await viaNode(c, headers)) }
}

const unsignedBody = { ok: false, reason: 'unsigned-body', status: 401, code: 30005 }
const injected = '{"injected":true}'

describe('a body the signature does not cover is refused, by both verifiers', () => {
  it.each([
    ['GET with a Content-Length body', { method: 'GET', query: 'symbol=BTCUSDT', body: injected }],
    ['GET with a chunked body', { method: 'GET', query: 'a=1', body: injected, chunked: true }],
    ['HEAD with a body', { method: 'HEAD', query: 'symbol=BTCUSDT', body: injected }],
    ['DELETE with a body', { method: 'DELETE', query: 'id=7', body: injected }],
    ['DELETE with a chunked body', { method: 'DELETE', query: 'id=7', body: 'x', chunked: true }],
    [
      "GET with a body under getBodyRule 'empty'",
      {
        method: 'GET',
        query: 'symbol=BTCUSDT',
        body: injected,
        options: { getBodyRule: 'empty' },
        signOptions: { getBodyRule: 'empty' },
      },
    ],
  ] as [string, Case][])('%s', async (_, c) => {
    const { fetch, node } = await both(c)
    expect(fetch).toEqual(unsignedBody)
    expect(node).toEqual(unsignedBody)
  })

  it('accepts a GET and a DELETE with no body, or an empty one, and hands back no body', async () => {
    for (const c of [
      { method: 'GET', query: 'symbol=BTCUSDT' },
      { method: 'DELETE', query: 'id=7' },
      { method: 'DELETE', query: 'id=8', body: '' },
    ] as Case[]) {
      const { fetch, node } = await both(c)
      expect(fetch).toEqual({ ok: true, body: '', json: undefined })
      expect(node).toEqual(fetch)
    }
  })

  it('says what to do instead, naming the method', async () => {
    const request = new Request('http://127.0.0.1/orders?id=7', {
      method: 'DELETE',
      headers: await signRequest({ method: 'DELETE', query: 'id=7', credentials }),
      body: injected,
    })
    const result = await verifyRequest(request, { credentials, replay: false })
    expect(result.ok ? '' : result.message).toMatchInlineSnapshot(
      `"DELETE requests sign their query string, not a body, so the body of this one is not covered by its signature: send DELETE parameters in the query string and no body."`,
    )
  })
})

describe("unsignedQuery: 'refuse'", () => {
  const order = '{"symbol":"BTCUSDT"}'
  it('refuses a POST or PUT with a query string, by both verifiers', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const c: Case = {
        method,
        query: 'admin=1',
        body: order,
        options: { unsignedQuery: 'refuse' },
      }
      const { fetch, node } = await both(c)
      expect(fetch).toEqual({ ok: false, reason: 'unsigned-query', status: 401, code: 30005 })
      expect(node).toEqual(fetch)
    }
  })

  it("refuses a GET's query under getBodyRule 'empty', where it is not signed", async () => {
    const { fetch, node } = await both({
      method: 'GET',
      query: 'symbol=BTCUSDT',
      options: { unsignedQuery: 'refuse', getBodyRule: 'empty' },
      signOptions: { getBodyRule: 'empty' },
    })
    expect(fetch).toMatchObject({ ok: false, reason: 'unsigned-query' })
    expect(node).toEqual(fetch)
  })

  it('accepts what the signature covers: a POST without a query, a GET or DELETE with one', async () => {
    for (const c of [
      { method: 'POST', body: order },
      { method: 'GET', query: 'symbol=BTCUSDT' },
      { method: 'DELETE', query: 'id=7' },
    ] as Case[]) {
      const { fetch, node } = await both({ ...c, options: { unsignedQuery: 'refuse' } })
      expect(fetch.ok).toBe(true)
      expect(node).toEqual(fetch)
    }
  })

  it('by default allows the query of a POST, as the live API does', async () => {
    const { fetch, node } = await both({ method: 'POST', query: 'admin=1', body: order })
    expect(fetch).toEqual({ ok: true, body: order, json: undefined })
    expect(node).toEqual(fetch)
  })
})

describe('parseJson', () => {
  it('hands back the parsed signed body', async () => {
    const body = '{"symbol":"BTCUSDT","qty":"1.50"}'
    const { fetch, node } = await both({ method: 'POST', body, options: { parseJson: true } })
    expect(fetch).toEqual({ ok: true, body, json: { symbol: 'BTCUSDT', qty: '1.50' } })
    expect(node).toEqual(fetch)
  })

  it('refuses a signed body that is not JSON with 400 and 40007, before the replay store sees it', async () => {
    const body = 'symbol=BTCUSDT'
    const { fetch, node } = await both({ method: 'PUT', body, options: { parseJson: true } })
    expect(fetch).toEqual({ ok: false, reason: 'malformed-body', status: 400, code: 40007 })
    expect(node).toEqual(fetch)
    const replay = createMemoryReplayStore()
    const headers = await signRequest({ method: 'POST', body, credentials })
    const send = () =>
      verifyRequest(new Request('http://127.0.0.1/', { method: 'POST', headers, body }), {
        credentials,
        replay,
        parseJson: true,
      })
    expect((await send()).ok).toBe(false)
    expect(replay.size).toBe(0)
    expect(await send()).toMatchObject({ reason: 'malformed-body' })
  })

  it('gives undefined for a POST without a body', async () => {
    const { fetch } = await both({ method: 'POST', body: '', options: { parseJson: true } })
    expect(fetch).toEqual({ ok: true, body: '', json: undefined })
  })
})
