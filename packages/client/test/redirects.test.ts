import { inspect } from 'node:util'
import { signRequest } from '@perpkit/signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, InvalidParamsError, RedirectError } from '../src/index.ts'
import { envelope, type HostileServer, sendJson, startHostileServer } from './hostile-server.ts'

const credentials = { apiKey: 'key-redirect', secret: 'sEcReT-redirect', memo: 'memo-redirect' }
const NOW = Date.UTC(2026, 0, 15, 12)
const secretParts = [credentials.apiKey, credentials.secret, credentials.memo]

let elsewhere: HostileServer
let origin: HostileServer

beforeAll(async () => {
  elsewhere = await startHostileServer((_req, res) => sendJson(res, envelope('{}')))
  origin = await startHostileServer((_req, res, url) => {
    const to = url.searchParams.get('to')
    if (url.pathname.endsWith('/away')) {
      res.writeHead(302, { location: `${elsewhere.url}/contract/public/depth?symbol=BTCUSDT` })
      res.end()
    } else if (url.pathname.endsWith('/userinfo')) {
      res.writeHead(301, { location: `http://user:pass@127.0.0.1:1/x` })
      res.end()
    } else if (url.pathname.endsWith('/loop')) {
      res.writeHead(307, { location: url.pathname })
      res.end()
    } else if (url.pathname === '/contract/public/depth') {
      res.writeHead(308, { location: `${elsewhere.url}${url.pathname}${url.search}` })
      res.end()
    } else if (to !== null) {
      res.writeHead(303, { location: to })
      res.end()
    } else {
      sendJson(res, envelope(`{"path":"${url.pathname}","query":"${url.search}"}`))
    }
  })
})
afterAll(async () => {
  await origin.close()
  await elsewhere.close()
})

const signedClient = (baseUrl = origin.url) =>
  createClient({ baseUrl, credentials, auth: 'SIGNED', now: () => NOW, retry: 0, rateLimit: false })

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  )

describe('credentials never leave the configured origin', () => {
  it('a redirect to another origin is a RedirectError naming the location, and that origin sees nothing', async () => {
    elsewhere.requests.length = 0
    const error = await errorOf(signedClient().getDepth({ symbol: 'BTCUSDT' }))
    expect(error).toBeInstanceOf(RedirectError)
    expect(error).toMatchObject({
      httpStatus: 308,
      location: `${elsewhere.url}/contract/public/depth?symbol=BTCUSDT`,
      retryable: false,
    })
    expect((error as Error).message).toContain(`Location: ${elsewhere.url}/contract/public/depth`)
    // The first hop was signed, so the credentials were really in play...
    expect(origin.requests.at(-1)?.headers['x-api-key']).toBe(credentials.apiKey)
    // ...and the other origin never saw a request, let alone them.
    expect(elsewhere.requests).toEqual([])
    const shown = `${(error as Error).message}\n${inspect(error, { depth: 5 })}`
    for (const part of secretParts) expect(shown).not.toContain(part)
  })

  it('request() with KEYED auth is stopped at the cross-origin redirect too', async () => {
    elsewhere.requests.length = 0
    const client = createClient({ baseUrl: origin.url, credentials, retry: 0 })
    const error = await errorOf(client.request({ path: '/private/away', auth: 'KEYED' }))
    expect(error).toBeInstanceOf(RedirectError)
    expect(elsewhere.requests).toEqual([])
  })

  it('names the location without its user info', async () => {
    const error = await errorOf(
      createClient({ baseUrl: origin.url }).request({ path: '/userinfo' }),
    )
    expect(error).toMatchObject({ location: 'http://127.0.0.1:1/x', httpStatus: 301 })
    expect((error as Error).message).not.toContain('pass')
  })

  it('follows a same-origin redirect, signed afresh for the new query', async () => {
    const data = await signedClient().request({
      path: '/go',
      query: { to: '/target?page=2' },
      auth: 'SIGNED',
    })
    expect(data).toEqual({ path: '/target', query: '?page=2' })
    const [first, second] = origin.requests.slice(-2)
    expect(first?.url).toBe('/go?to=%2Ftarget%3Fpage%3D2')
    const expected = await signRequest({
      method: 'GET',
      query: 'page=2',
      credentials,
      auth: 'SIGNED',
      now: () => NOW,
    })
    expect(second?.headers['x-api-sign']).toBe(expected['X-API-SIGN'])
    expect(second?.headers['x-api-sign']).not.toBe(first?.headers['x-api-sign'])
  })

  it('stops a redirect loop with a RedirectError after a bounded number of hops', async () => {
    const before = origin.requests.length
    const error = await errorOf(createClient({ baseUrl: origin.url }).request({ path: '/loop' }))
    expect(error).toBeInstanceOf(RedirectError)
    expect((error as Error).message).toContain('Too many redirects')
    expect(origin.requests.length - before).toBe(6)
  })
})

describe('request() paths that would leave the base URL are refused before sending', () => {
  const base = () => `${origin.url}/api`
  it.each([
    `${'http'}://evil.example/steal`,
    '//evil.example/steal',
    '/../steal',
    '/v1/../../steal',
    '/%2e%2e/steal',
    '/%2E./steal',
    '/\\evil.example/steal',
    '/private?sneaky=1',
    '/private#fragment',
    '/.\t./steal',
    'private',
  ])('%s', async (path) => {
    const before = origin.requests.length
    const error = await errorOf(createClient({ baseUrl: base() }).request({ path }))
    expect(error).toBeInstanceOf(InvalidParamsError)
    expect((error as Error).message).toContain('path: a path under the base URL')
    expect(origin.requests.length).toBe(before)
  })

  it('a path under the base URL is sent, dots inside segment names included', async () => {
    const data = await createClient({ baseUrl: base() }).request({ path: '/v1/file..name/x.json' })
    expect(data).toEqual({ path: '/api/v1/file..name/x.json', query: '' })
  })
})
