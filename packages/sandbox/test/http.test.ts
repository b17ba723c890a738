import { request } from 'node:http'
import { gunzipSync, inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { call, NOW } from './helpers.ts'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, now: () => NOW })
})

afterAll(async () => {
  await sandbox.close()
})

/** A raw answer: status, headers and body bytes exactly as sent (fetch would decompress). */
interface RawReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function raw(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawReply> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, ...init }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const details = '/contract/public/details'

describe('GET /system/time', () => {
  it('answers the sandbox clock in ms in the success envelope', async () => {
    const reply = await call(sandbox.url, '/system/time')
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ code: 1000, data: { server_time: NOW } })
    expect(['Ok', 'OK']).toContain(reply.body.message)
    expect(typeof reply.body.trace).toBe('string')
  })

  it('follows the injected clock on every request', async () => {
    let clock = NOW
    const moving = await startSandbox({ rateLimit: false, now: () => clock, quirks: false })
    try {
      expect((await call(moving.url, '/system/time')).body).toMatchObject({
        message: 'Ok',
        data: { server_time: NOW },
      })
      clock += 12_345
      expect((await call(moving.url, '/system/time')).body.data).toEqual({
        server_time: NOW + 12_345,
      })
    } finally {
      await moving.close()
    }
  })
})

describe('HEAD', () => {
  it('answers HEAD like GET without a body: same status, type and length', async () => {
    const get = await raw(sandbox.url, `${details}?symbol=BTCUSDT`)
    const head = await raw(sandbox.url, `${details}?symbol=BTCUSDT`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-type']).toBe(get.headers['content-type'])
    expect(Number(head.headers['content-length'])).toBe(get.body.length)
    const missing = await raw(sandbox.url, '/contract/public/depth?symbol=NOPEUSDT', {
      method: 'HEAD',
    })
    expect(missing.status).toBe(400)
    expect((await raw(sandbox.url, '/system/time', { method: 'HEAD' })).status).toBe(200)
  })
})

describe('compression', () => {
  it('gzips a large body when Accept-Encoding asks for gzip, with Vary: Accept-Encoding', async () => {
    const plain = await raw(sandbox.url, details)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    const zipped = await raw(sandbox.url, details, { headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
    expect(zipped.body.length).toBeLessThan(plain.body.length)
    const text = gunzipSync(zipped.body).toString('utf8')
    expect(JSON.parse(text).data).toEqual(JSON.parse(plain.body.toString('utf8')).data)
  })

  it('deflates when only deflate is accepted, prefers gzip, and honours q=0', async () => {
    const deflated = await raw(sandbox.url, details, {
      headers: { 'accept-encoding': 'deflate' },
    })
    expect(deflated.headers['content-encoding']).toBe('deflate')
    expect(JSON.parse(inflateSync(deflated.body).toString('utf8')).code).toBe(1000)
    const both = await raw(sandbox.url, details, {
      headers: { 'accept-encoding': 'deflate, gzip;q=0.5, br' },
    })
    expect(both.headers['content-encoding']).toBe('gzip')
    const refused = await raw(sandbox.url, details, {
      headers: { 'accept-encoding': 'gzip;q=0, deflate;q=0' },
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
    const wildcard = await raw(sandbox.url, details, { headers: { 'accept-encoding': '*' } })
    expect(wildcard.headers['content-encoding']).toBe('gzip')
  })

  it('sends small bodies (errors, a short payload) uncompressed', async () => {
    const small = await raw(sandbox.url, '/contract/public/depth?symbol=NOPEUSDT', {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString('utf8')).code).toBe(40034)
  })

  it('is read transparently by fetch, which asks for gzip on its own', async () => {
    const reply = await call(sandbox.url, details)
    expect(reply.headers.get('content-encoding')).toBe('gzip')
    expect(reply.body.code).toBe(1000)
  })
})

describe('CORS', () => {
  const origin = 'http://app.example'

  it('allows every origin by default and exposes the rate-limit headers', async () => {
    const reply = await raw(sandbox.url, '/system/time', { headers: { origin } })
    expect(reply.headers['access-control-allow-origin']).toBe('*')
    expect(reply.headers['access-control-expose-headers']).toBe(
      'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Mode, Retry-After',
    )
    const error = await raw(sandbox.url, '/nope', { headers: { origin } })
    expect(error.headers['access-control-allow-origin']).toBe('*')
  })

  it('answers a preflight with 204, GET and HEAD, the signing and fault headers', async () => {
    const reply = await raw(sandbox.url, '/contract/public/depth?symbol=BTCUSDT', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key, x-api-sign, x-api-timestamp',
      },
    })
    expect(reply.status).toBe(204)
    expect(reply.headers['access-control-allow-origin']).toBe('*')
    expect(reply.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS')
    expect(reply.headers['access-control-allow-headers']).toBe(
      'X-API-KEY, X-API-SIGN, X-API-TIMESTAMP, Content-Type, x-sandbox-fault',
    )
    expect(reply.headers['access-control-max-age']).toBe('600')
  })

  it("reflects the headers a preflight asks for, so a page's client with its own headers passes it", async () => {
    const reply = await raw(sandbox.url, '/contract/public/depth?symbol=BTCUSDT', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key,x-trace-id, X-App-Version',
      },
    })
    expect(reply.status).toBe(204)
    expect(reply.headers['access-control-allow-headers']).toBe(
      'X-API-KEY, X-API-SIGN, X-API-TIMESTAMP, Content-Type, x-sandbox-fault, x-trace-id, X-App-Version',
    )
    // The answer depends on what was asked: a cache must not hand it to another preflight.
    expect(reply.headers.vary).toContain('Access-Control-Request-Headers')
  })

  it('drops a requested header name that is not an HTTP token instead of echoing it', async () => {
    const reply = await raw(sandbox.url, '/system/time', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-ok, bad name, x(paren)',
      },
    })
    expect(reply.headers['access-control-allow-headers']).toBe(
      'X-API-KEY, X-API-SIGN, X-API-TIMESTAMP, Content-Type, x-sandbox-fault, x-ok',
    )
  })

  it('allows POST and DELETE in preflights for the control routes, so a page can queue faults', async () => {
    const reply = await raw(sandbox.url, '/__sandbox/faults', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    })
    expect(reply.status).toBe(204)
    expect(reply.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS')
  })

  it('allows only the listed origins, echoing the origin with Vary: Origin', async () => {
    const listed = await startSandbox({
      rateLimit: false,
      now: () => NOW,
      cors: [origin],
      headerNames: { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' },
      rateLimitHeaderPrefix: 'X-BM',
    })
    try {
      const allowed = await raw(listed.url, '/system/time', { headers: { origin } })
      expect(allowed.headers['access-control-allow-origin']).toBe(origin)
      expect(allowed.headers.vary).toBe('Origin')
      expect(String(allowed.headers['access-control-expose-headers'])).toContain(
        'X-BM-RateLimit-Remaining',
      )
      const other = await raw(listed.url, '/system/time', {
        headers: { origin: 'http://evil.example' },
      })
      expect(other.headers['access-control-allow-origin']).toBeUndefined()
      const preflight = await raw(listed.url, '/system/time', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
      expect(preflight.headers['access-control-allow-headers']).toBe(
        'X-BM-KEY, X-BM-SIGN, X-BM-TIMESTAMP, Content-Type, x-sandbox-fault',
      )
      const big = await raw(listed.url, details, { headers: { origin, 'accept-encoding': 'gzip' } })
      expect(big.headers.vary).toBe('Origin, Accept-Encoding')
    } finally {
      await listed.close()
    }
  })

  it('sends no CORS header and answers no preflight with cors: false', async () => {
    const closed = await startSandbox({ rateLimit: false, now: () => NOW, cors: false })
    try {
      const reply = await raw(closed.url, '/system/time', { headers: { origin } })
      expect(reply.headers['access-control-allow-origin']).toBeUndefined()
      const preflight = await raw(closed.url, '/contract/public/depth', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(405)
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    } finally {
      await closed.close()
    }
  })
})
