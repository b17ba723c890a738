// Signer benchmarks: each public path against the raw primitive it wraps, timed in the same
// run. Targets are time ratios (<= 1.25 means at least 0.8x the raw ops/s); reported, never
// asserted. Run: `cd packages/signer && npx tsx bench/index.ts` (or `pnpm bench`).

import { Buffer } from 'node:buffer'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { compare } from '@perpkit/bench-kit'
import {
  sign,
  signRequest,
  signRequestSync,
  signSync,
  verify,
  verifyRequest,
} from '@perpkit/signer'
import { benchHonoService } from './hono-service.ts'

const secret = 'b7c3f0a1e9d24c6f8a5b1e7d3c9f2a40b7c3f0a1e9d24c6f'
const memo = 'perpkit-bench'
const timestamp = 1700000000000
const body = 'symbol=BTCUSDT&step=5&start_time=1700000000&end_time=1700030000'
const message = `${timestamp}#${memo}#${body}`
const input = { secret, memo, timestamp, body }
const credentials = { apiKey: 'bench-key', secret, memo }

await compare({
  title: 'signSync vs raw node:crypto HMAC (same message)',
  baseline: {
    name: "raw createHmac('sha256', secret).update(msg).digest('hex')",
    fn: () => createHmac('sha256', secret).update(message).digest('hex'),
  },
  cases: [
    { name: 'signSync', fn: () => signSync(input), target: 1.25 },
    {
      name: 'signRequestSync (GET, headers)',
      fn: () => signRequestSync({ method: 'GET', query: body, credentials, now: timestamp }),
    },
  ],
})

const cachedKey = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(secret),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['sign'],
)
const bytes = new TextEncoder().encode(message)
const headers = signRequestSync({ method: 'GET', query: body, credentials, now: timestamp })

await compare({
  title: 'sign vs raw WebCrypto HMAC (cached CryptoKey, same message)',
  baseline: {
    name: "raw crypto.subtle.sign('HMAC', cachedKey, bytes) + Buffer hex",
    fn: async () => Buffer.from(await crypto.subtle.sign('HMAC', cachedKey, bytes)).toString('hex'),
  },
  cases: [
    { name: 'sign', fn: () => sign(input), target: 1.25 },
    {
      name: 'signRequest (GET, headers)',
      fn: () => signRequest({ method: 'GET', query: body, credentials, now: timestamp }),
      target: 1.25,
    },
    {
      name: 'verify (GET, Node-style headers, constant-time compare)',
      fn: () => verify({ method: 'GET', query: body, headers, credentials, now: timestamp }),
    },
  ],
})

// verifyRequest on a Fetch-API Request against the raw primitives on the same input: read
// the three headers and the query from the same Request, build the prehash, createHmac,
// timingSafeEqual. Both sides build a fresh Request per call (a body can be read only once).
const requestUrl = `http://127.0.0.1/contract/private/trades?${body}`
const lookup = (apiKey: string) => (apiKey === credentials.apiKey ? credentials : undefined)

await compare({
  title: 'verifyRequest vs raw createHmac + timingSafeEqual (same GET Request)',
  baseline: {
    name: 'raw: headers + query from the Request, createHmac, timingSafeEqual',
    fn: () => {
      const request = new Request(requestUrl, { headers })
      const url = request.url
      const query = url.slice(url.indexOf('?') + 1)
      const received = Buffer.from(request.headers.get('x-api-sign') ?? '', 'hex')
      const key = request.headers.get('x-api-key')
      const time = request.headers.get('x-api-timestamp')
      if (key !== credentials.apiKey || time === null) return false
      const mac = createHmac('sha256', secret).update(`${time}#${memo}#${query}`).digest()
      return received.length === mac.length && timingSafeEqual(mac, received)
    },
  },
  cases: [
    {
      name: 'verifyRequest (replay: false)',
      fn: () =>
        verifyRequest(new Request(requestUrl, { headers }), {
          lookup,
          now: timestamp,
          replay: false,
        }),
      target: 1.25,
    },
  ],
})

await benchHonoService()
