/**
 * What every runtime of the matrix runs, bundled with the signer's source into one ES module:
 * the RFC 4231 vectors on the package's WebCrypto path (and its node:crypto path where the
 * runtime has one), a verifying `fetch` handler, and a signing client that sends signed
 * requests to another runtime's server.
 *
 * @module
 */

import { encodeHexBuffer } from '../src/hex.ts'
import {
  isSyncSigningAvailable,
  type KeyRecord,
  liveErrorResponse,
  signRequest,
  signRequestSync,
  type VerifyRequestOptions,
  verifyRequest,
} from '../src/index.ts'
import { computeHmacHexSync } from '../src/node-crypto.ts'
import { computeHmacSha256, encodeUtf8, importHmacKey } from '../src/web-crypto.ts'

/** The key the matrix's servers accept. */
export const matrixCredentials = {
  apiKey: 'matrix-key',
  secret: 'matrix-secret',
  memo: 'matrix-memo',
}

/** The key's next secret: the servers accept both while it rolls over (listed first). */
export const rotatedCredentials = {
  ...matrixCredentials,
  secret: 'matrix-secret-2',
  memo: 'memo-2',
}

/** A key whose lookup never answers: the servers refuse it after `lookupTimeoutMs`. */
export const stuckCredentials = { apiKey: 'stuck-key', secret: 's', memo: 'm' }

const rolling: readonly KeyRecord[] = [
  { secret: rotatedCredentials.secret, memo: rotatedCredentials.memo, label: 'next' },
  { secret: matrixCredentials.secret, memo: matrixCredentials.memo, label: 'current' },
]

/** What every matrix server verifies with (node:http, Deno, Bun, workerd alike). */
export const matrixVerifyOptions: VerifyRequestOptions = {
  lookup: (apiKey) => {
    if (apiKey === stuckCredentials.apiKey) return new Promise<undefined>(() => {})
    return apiKey === matrixCredentials.apiKey ? rolling : undefined
  },
  lookupTimeoutMs: 300,
  maxBodyBytes: 4096,
}

const fill = (length: number, value: number) => new Uint8Array(length).fill(value)
const text = encodeUtf8

// RFC 4231 section 4, test cases 1-4, 6 and 7 (5 is truncated output).
const vectors: [key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>, mac: string][] = [
  [
    fill(20, 0x0b),
    text('Hi There'),
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  ],
  [
    text('Jefe'),
    text('what do ya want for nothing?'),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  ],
  [
    fill(20, 0xaa),
    fill(50, 0xdd),
    '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  ],
  [
    Uint8Array.from({ length: 25 }, (_, i) => i + 1),
    fill(50, 0xcd),
    '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  ],
  [
    fill(131, 0xaa),
    text('Test Using Larger Than Block-Size Key - Hash Key First'),
    '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  ],
  [
    fill(131, 0xaa),
    text(
      'This is a test using a larger than block-size key and a larger than block-size data. ' +
        'The key needs to be hashed before being used by the HMAC algorithm.',
    ),
    '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  ],
]

/**
 * Runs the RFC 4231 vectors. @returns `'pass (webcrypto)'` or `'pass (webcrypto, node:crypto)'`,
 * or a line naming the first failing case.
 */
export async function rfc4231(): Promise<string> {
  const paths = ['webcrypto']
  for (const [index, [key, data, mac]] of vectors.entries()) {
    const web = encodeHexBuffer(await computeHmacSha256(await importHmacKey(key), data))
    if (web !== mac) return `FAIL webcrypto vector ${index}`
  }
  if (isSyncSigningAvailable()) {
    paths.push('node:crypto')
    for (const [index, [key, data, mac]] of vectors.entries()) {
      if (computeHmacHexSync(key, data) !== mac) return `FAIL node:crypto vector ${index}`
    }
  }
  return `pass (${paths.join(', ')})`
}

/** CORS headers, so a browser page on another origin can send signed requests. */
export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE',
  'access-control-allow-headers': 'content-type, x-api-key, x-api-sign, x-api-timestamp',
}

/** The verifying server's handler: 200 `{ok, apiKey, body, secretIndex}` or the live error. */
export async function handle(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders })
  const result = await verifyRequest(request, matrixVerifyOptions)
  const response = result.ok
    ? Response.json({
        ok: true,
        apiKey: result.apiKey,
        body: result.body,
        secretIndex: result.secretIndex,
      })
    : liveErrorResponse(result)
  for (const [name, value] of Object.entries(corsHeaders)) response.headers.set(name, value)
  return response
}

/** What a signing runtime reports after talking to one server. */
export interface ProbeReport {
  rfc4231: string
  /**
   * Status of a signed GET, of a signed POST (async path), of a signed POST (sync path, if
   * any), of the replayed POST, of a forged GET, of a GET signed with the key's next secret,
   * of a DELETE carrying a body, and of a request whose key lookup never answers.
   */
  statuses: Record<string, number | string>
}

/** Signs requests in this runtime and sends them to `target` (another runtime's server). */
export async function probe(target: string): Promise<ProbeReport> {
  const statuses: Record<string, number | string> = {}
  const credentials = matrixCredentials
  const query = 'symbol=BTC-USDT&limit=5&note=a%20b'
  const get = await signRequest({ method: 'GET', query, credentials })
  statuses.get = (await fetch(`${target}/orders?${query}`, { headers: get })).status
  const body = JSON.stringify({ symbol: 'BTCUSDT', price: '65000.5', note: 'é ✓' })
  const post = await signRequest({ method: 'POST', body, credentials })
  const send = async (headers: Record<string, string>) => {
    const response = await fetch(`${target}/orders`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    })
    const json = (await response.json()) as { body?: string; secretIndex?: number }
    if (response.status !== 200) return response.status
    if (json.body !== body) return 'body differs'
    // Signed with the current secret, second in the rolling list.
    return json.secretIndex === 1 ? 200 : `secretIndex ${json.secretIndex}`
  }
  statuses.post = await send(post)
  statuses.replay = await send(post)
  if (isSyncSigningAvailable()) {
    statuses.postSync = await send(signRequestSync({ method: 'POST', body, credentials }))
  }
  const forged = { ...get, 'X-API-SIGN': '0'.repeat(64) }
  statuses.forged = (await fetch(`${target}/orders?${query}`, { headers: forged })).status
  // Signed with the key's next secret: accepted, reported as the first of the list.
  const next = await signRequest({ method: 'GET', query, credentials: rotatedCredentials })
  const rotated = await fetch(`${target}/orders?${query}`, { headers: next })
  const { secretIndex } = (await rotated.json()) as { secretIndex?: number }
  statuses.rotated =
    rotated.status === 200 && secretIndex !== 0 ? `secretIndex ${secretIndex}` : rotated.status
  // A DELETE signs its query, not a body: one that carries a body is refused.
  const deleteQuery = `${query}&op=delete`
  const remove = await signRequest({ method: 'DELETE', query: deleteQuery, credentials })
  statuses.deleteBody = (
    await fetch(`${target}/orders?${deleteQuery}`, {
      method: 'DELETE',
      headers: remove,
      body: '{"injected":true}',
    })
  ).status
  // A lookup that never answers: refused with 503 once lookupTimeoutMs passed.
  const stuck = await signRequest({ method: 'GET', query, credentials: stuckCredentials })
  statuses.stuckLookup = (await fetch(`${target}/orders?${query}`, { headers: stuck })).status
  return { rfc4231: await rfc4231(), statuses }
}
