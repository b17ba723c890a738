import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { call, NOW, NOW_SECONDS, type Reply } from './helpers.ts'

let sandbox: Sandbox
let explode = false

beforeAll(async () => {
  sandbox = await startSandbox({
    rateLimit: false,
    quiet: true,
    now: () => {
      if (explode) throw new Error('clock failure')
      return NOW
    },
  })
})

afterAll(async () => {
  await sandbox.close()
})

/** Checks an error answer; contract errors (HTTP 400) have no `data` key, the others `data: null`. */
function expectError(reply: Reply, status: number, code: number): void {
  expect(reply.status).toBe(status)
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
  expect(Object.keys(reply.body).sort()).toEqual(
    status === 400 ? ['code', 'message', 'trace'] : ['code', 'data', 'message', 'trace'],
  )
  expect(reply.body.code).toBe(code)
  if (status !== 400) expect(reply.body.data).toBeNull()
  expect(typeof reply.body.message).toBe('string')
  expect(typeof reply.body.trace).toBe('string')
}

/** The body with its trace replaced, to pin it whole (keys in wire order). */
function pinned(reply: Reply): string {
  return reply.text.replace(/"trace":"[^"]+"/, '"trace":"T"')
}

const kline = { symbol: 'BTCUSDT', step: 60, start_time: NOW_SECONDS - 3600, end_time: NOW_SECONDS }

describe('gateway errors', () => {
  it('answers an unknown path with HTTP 404 and {"code":30000,"msg":"Not found","trace"} (msg, no message)', async () => {
    for (const path of [
      '/contract/public/nope',
      '/',
      '/contract/private/orders',
      '/__sandbox/other',
    ]) {
      const reply = await call(sandbox.url, path)
      expect(reply.status).toBe(404)
      expect(reply.body).toMatchObject({ code: 30000, msg: 'Not found' })
      expect(reply.body).not.toHaveProperty('message')
      expect(typeof reply.body.trace).toBe('string')
    }
  })

  it('pins the live bodies: 404 with msg, 40034 and 40038 without data, the V1 API at HTTP 200 with 30030', async () => {
    const notFound = await call(sandbox.url, '/contract/public/nope')
    expect(notFound.status).toBe(404)
    expect(pinned(notFound)).toBe('{"trace":"T","msg":"Not found","code":30000}')
    const symbol = await call(sandbox.url, '/contract/public/depth', { symbol: 'NOPEUSDT' })
    expect(symbol.status).toBe(400)
    expect(pinned(symbol)).toBe('{"code":40034,"message":"Symbol Not Exist","trace":"T"}')
    const step = await call(sandbox.url, '/contract/public/kline', { ...kline, step: 7 })
    expect(step.status).toBe(400)
    expect(pinned(step)).toBe('{"code":40038,"message":"Invalid K-Line Step","trace":"T"}')
    for (const path of ['/contract/v1/ifcontract/tickers', '/contract/v1/anything']) {
      const v1 = await call(sandbox.url, path)
      expect(v1.status).toBe(200)
      expect(pinned(v1)).toBe(
        '{"trace":"T","msg":"Futures V1 API has been deprecated. Please use the V2 API","code":30030}',
      )
    }
  })

  it('answers another method than GET or HEAD on a known path with HTTP 405, Allow: GET, HEAD and a JSON body', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const reply = await call(
        sandbox.url,
        '/contract/public/depth',
        { symbol: 'BTCUSDT' },
        { method },
      )
      expect(reply.status).toBe(405)
      expect(reply.headers.get('allow')).toBe('GET, HEAD')
      expect(reply.body).toMatchObject({ code: 30000, msg: 'Method not allowed' })
    }
  })
})

describe('parameter errors (HTTP 400)', () => {
  const needSymbol = [
    '/contract/public/kline',
    '/contract/public/markprice-kline',
    '/contract/public/market-trade',
    '/contract/public/funding-rate',
    '/contract/public/funding-rate-history',
    '/contract/public/depth',
    '/contract/public/open-interest',
  ]

  it.each(needSymbol)('%s without symbol answers 40034', async (path) => {
    const { symbol: _, ...rest } = kline
    expectError(await call(sandbox.url, path, path.includes('kline') ? rest : {}), 400, 40034)
  })

  it.each(needSymbol)(
    '%s with a delisted contract answers HTTP 400, 40034 "Symbol Not Exist"',
    async (path) => {
      const query = path.includes('kline')
        ? { ...kline, symbol: 'LUNAUSDT' }
        : { symbol: 'LUNAUSDT' }
      const reply = await call(sandbox.url, path, query)
      expectError(reply, 400, 40034)
      expect(reply.body.message).toBe('Symbol Not Exist')
    },
  )

  it('answers 40034 for a delisted contract on leverage-bracket but lists it on details', async () => {
    expectError(
      await call(sandbox.url, '/contract/public/leverage-bracket', { symbol: 'LUNAUSDT' }),
      400,
      40034,
    )
    const details = await call(sandbox.url, '/contract/public/details', { symbol: 'LUNAUSDT' })
    expect(details.status).toBe(200)
  })

  it.each(needSymbol)('%s with an unknown symbol answers 40034', async (path) => {
    const query = path.includes('kline') ? { ...kline, symbol: 'NOPEUSDT' } : { symbol: 'NOPEUSDT' }
    expectError(await call(sandbox.url, path, query), 400, 40034)
  })

  it('answers 40012 for an unknown symbol on details and 40034 on leverage-bracket', async () => {
    expectError(
      await call(sandbox.url, '/contract/public/details', { symbol: 'NOPEUSDT' }),
      400,
      40012,
    )
    expectError(await call(sandbox.url, '/contract/public/details', { symbol: '' }), 400, 40012)
    expectError(
      await call(sandbox.url, '/contract/public/leverage-bracket', { symbol: 'NOPEUSDT' }),
      400,
      40034,
    )
  })

  it('matches symbols exactly (no case folding)', async () => {
    expectError(
      await call(sandbox.url, '/contract/public/depth', { symbol: 'btcusdt' }),
      400,
      40034,
    )
  })

  it.each(['7', '0', 'abc', '1h', '', '60.0'])(
    'answers 40038 for the K-line step %j',
    async (step) => {
      expectError(await call(sandbox.url, '/contract/public/kline', { ...kline, step }), 400, 40038)
    },
  )

  it('answers 40038 when step is missing', async () => {
    const { step: _, ...rest } = kline
    expectError(await call(sandbox.url, '/contract/public/markprice-kline', rest), 400, 40038)
  })

  it.each([
    ['missing start_time', { symbol: 'BTCUSDT', step: 60, end_time: NOW_SECONDS }],
    ['missing end_time', { symbol: 'BTCUSDT', step: 60, start_time: NOW_SECONDS }],
    ['malformed start_time', { ...kline, start_time: 'yesterday' }],
    ['negative end_time', { ...kline, end_time: -5 }],
    ['fractional start_time', { ...kline, start_time: '1700000000.5' }],
    [
      'start_time after end_time',
      { ...kline, start_time: NOW_SECONDS, end_time: NOW_SECONDS - 60 },
    ],
  ])('answers 40039 for %s', async (_, query) => {
    expectError(await call(sandbox.url, '/contract/public/kline', query), 400, 40039)
  })

  it.each(['0', '101', '1.5', 'abc', '-1', ''])(
    'answers 40007 for market-trade limit %j',
    async (limit) => {
      expectError(
        await call(sandbox.url, '/contract/public/market-trade', { symbol: 'BTCUSDT', limit }),
        400,
        40007,
      )
    },
  )

  it.each(['0', '101', 'x'])('answers 40007 for funding-rate-history limit %j', async (limit) => {
    const query = { symbol: 'BTCUSDT', limit }
    expectError(await call(sandbox.url, '/contract/public/funding-rate-history', query), 400, 40007)
  })

  it('reports the symbol first when several parameters are wrong', async () => {
    expectError(
      await call(sandbox.url, '/contract/public/kline', { step: 7, start_time: 'x' }),
      400,
      40034,
    )
  })
})

describe('robustness', () => {
  it('answers malformed URLs and odd queries with JSON, never a crash or a hang', async () => {
    const odd = [
      '/contract/public/depth?symbol=%zz',
      '/contract/public/depth?symbol=BTCUSDT&symbol=ETHUSDT',
      '/contract/public/depth?&&=&symbol',
      `/contract/public/details?symbol=${'A'.repeat(4000)}`,
    ]
    for (const path of odd) {
      const res = await fetch(`${sandbox.url}${path}`, { signal: AbortSignal.timeout(5000) })
      expect(res.status).toBeLessThan(500)
      expect(await res.json()).toHaveProperty('code')
    }
  })

  it('answers a raw request-target that is not a path with a 404 JSON body', async () => {
    const { port } = sandbox
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '*', method: 'GET' }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(404)
  })

  it('turns an unexpected failure into HTTP 500 JSON and keeps serving', async () => {
    explode = true
    try {
      expectError(
        await call(sandbox.url, '/contract/public/depth', { symbol: 'BTCUSDT' }),
        500,
        50000,
      )
    } finally {
      explode = false
    }
    expect((await call(sandbox.url, '/contract/public/depth', { symbol: 'BTCUSDT' })).status).toBe(
      200,
    )
  })
})
