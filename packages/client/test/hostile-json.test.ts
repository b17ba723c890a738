import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createClient,
  type DataSchema,
  PerpkitError,
  ResponseValidationError,
  UnexpectedResponseError,
} from '../src/index.ts'
import { envelope, type HostileServer, sendJson, startHostileServer } from './hostile-server.ts'

const DEPTH = 200_000
const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`
const level = '["65000.1","12","12"]'
const book = (extra = '') =>
  `{"timestamp":1768478400000,"symbol":"BTCUSDT","bids":[${level}],"asks":[${level}]${extra}}`

/** Hostile bodies by path; each answered with HTTP 200 and a JSON content type. */
const bodies: Record<string, string | Buffer> = {
  '/deep-root': deep,
  '/deep-envelope': `{"code":1000,"message":"Ok","trace":${deepObject},"data":null}`,
  '/deep-data': envelope(deep),
  '/deep-level': envelope(book().replace(`"bids":[${level}]`, `"bids":[${deep}]`)),
  '/deep-unknown-key': envelope(book(`,"extra":${deep}`)),
  '/deep-unknown-object': envelope(book(`,"extra":${deepObject}`)),
  '/huge-number': envelope(book().replace('1768478400000', '1e400')),
  '/long-number': envelope(book().replace('1768478400000', '9'.repeat(400))),
  '/huge-price': envelope(book().replace('"65000.1"', '1e400')),
  '/invalid-utf8': Buffer.concat([
    Buffer.from(envelope(book()).replace('"BTCUSDT"', '"BTC')),
    Buffer.from([0xff, 0xfe, 0xc3]),
    Buffer.from(envelope(book()).slice(envelope(book()).indexOf('USDT"'))),
  ]),
  // A U+FFFD sent on purpose (bytes EF BF BD) is valid UTF-8, unlike the bytes it replaces.
  '/replacement-char': envelope(book()).replace('"Ok"', '"Ok \uFFFD"'),
  '/proto': envelope(
    book(`,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}`),
  ),
  '/proto-envelope': `{"__proto__":{"polluted":true},"code":1000,"message":"Ok","trace":"t","data":${book()}}`,
}

let server: HostileServer

beforeAll(async () => {
  // The scenario is the first path segment: a client's baseUrl is `${server.url}/${scenario}`.
  server = await startHostileServer((_req, res, url) => {
    sendJson(res, bodies[`/${url.pathname.split('/')[1]}`] ?? '{}')
  })
})
afterAll(() => server.close())

const clientOf = (scenario: string) =>
  createClient({ baseUrl: server.url + scenario, retry: 0, rateLimit: false })

/** The depth call, answered with the body of `scenario`. */
const depthFrom = (scenario: string) =>
  clientOf(scenario)
    .getDepth({ symbol: 'BTCUSDT' })
    .then(
      () => null,
      (error: unknown) => error,
    )

/** A user schema that recurses into the data, as a hand-written or lazy schema would. */
function nestingOf(value: unknown): number {
  return Array.isArray(value) ? 1 + nestingOf(value[0]) : 0
}
const recursiveSafeParse: DataSchema<number> = {
  safeParse: (data) => ({ success: true, data: nestingOf(data) }),
}
const recursiveParse: DataSchema<number> = { parse: (data) => nestingOf(data) }

describe('hostile JSON: every failure a response can cause is a PerpkitError', () => {
  it.each(Object.keys(bodies).filter((path) => !/proto|unknown|replacement/.test(path)))(
    'getDepth against %s rejects with a PerpkitError, never a raw RangeError or TypeError',
    async (scenario) => {
      const error = await depthFrom(scenario)
      expect(error).toBeInstanceOf(PerpkitError)
      expect(['RangeError', 'TypeError']).not.toContain((error as Error).name)
    },
  )

  it('JSON nested 200,000 deep, walked by a schema, is a ResponseValidationError naming the overflow', async () => {
    for (const schema of [recursiveSafeParse, recursiveParse]) {
      const error = await clientOf('/deep-data')
        .request({ path: '/anything', schema })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect((error as Error).message).toContain('Maximum call stack size exceeded')
    }
    // The same payload, nested a little, is read: the guard only catches the overflow.
    bodies['/shallow'] = envelope('[[[1]]]')
    await expect(
      clientOf('/shallow').request({ path: '/anything', schema: recursiveSafeParse }),
    ).resolves.toBe(3)
  })

  it('a key the model does not know is left out, however deep its value', async () => {
    for (const scenario of ['/deep-unknown-key', '/deep-unknown-object']) {
      await expect(clientOf(scenario).getDepth({ symbol: 'BTCUSDT' })).resolves.toMatchObject({
        symbol: 'BTCUSDT',
      })
    }
  })

  it('invalid UTF-8 is an UnexpectedResponseError, not silently replaced characters', async () => {
    const error = await depthFrom('/invalid-utf8')
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect((error as Error).message).toContain('The response body is not valid UTF-8')
  })

  it('a U+FFFD the server really sent is read as itself, not taken for a bad byte', async () => {
    const { envelope: received } = await clientOf('/replacement-char')
      .getDepth({ symbol: 'BTCUSDT' })
      .withResponse()
    expect(received.message).toBe('Ok \uFFFD')
  })

  it('numbers beyond a double are refused where the model needs an exact value', async () => {
    for (const scenario of ['/huge-number', '/long-number', '/huge-price']) {
      expect(await depthFrom(scenario)).toBeInstanceOf(ResponseValidationError)
    }
  })

  it('__proto__ and constructor keys pollute nothing, in data or in the envelope', async () => {
    for (const scenario of ['/proto', '/proto-envelope']) {
      const result = await clientOf(scenario)
        .getDepth({ symbol: 'BTCUSDT' })
        .catch((e: unknown) => e)
      if (result instanceof Error) expect(result).toBeInstanceOf(PerpkitError)
      else expect(result).toMatchObject({ symbol: 'BTCUSDT' })
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
      expect(Object.prototype).not.toHaveProperty('polluted')
    }
  })
})
