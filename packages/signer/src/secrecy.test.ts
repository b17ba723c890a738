// The secret and the memo must never reach an error message or the printed form of anything
// this package returns, whatever the failure.

import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  buildPrehash,
  createCredentials,
  createMemoryReplayStore,
  explainSignature,
  liveErrorBody,
  SignerError,
  sign,
  signRequest,
  signRequestSync,
  signSync,
  verify,
  verifyRequest,
} from './index.ts'

const secret = 'SECRET-7c1d9e'
const memo = 'MEMO-4b2a8f'
const credentials = { apiKey: 'key-abc', secret, memo }
const now = 1700000000000

async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}

function expectNoSecrets(printed: string): void {
  expect(printed).not.toContain(secret)
  expect(printed).not.toContain(memo)
}

describe('secrets never appear in error messages', () => {
  const failures: [string, () => unknown][] = [
    ['signSync with an empty memo', () => signSync({ secret, memo: '', timestamp: now, body: '' })],
    [
      'signSync with an empty secret',
      () => signSync({ secret: '', memo, timestamp: now, body: '' }),
    ],
    ['sign with a bad timestamp', () => sign({ secret, memo, timestamp: -1, body: '' })],
    [
      'sign with a non-string body',
      () => sign({ secret, memo, timestamp: now, body: null as unknown as string }),
    ],
    ['buildPrehash with a bad timestamp', () => buildPrehash({ timestamp: 'x', memo, body: '' })],
    [
      'signRequest with an empty apiKey',
      () => signRequest({ method: 'GET', credentials: { ...credentials, apiKey: '' } }),
    ],
    [
      'signRequest with a body on GET',
      () => signRequest({ method: 'GET', body: secret, credentials }),
    ],
    [
      'signRequestSync with an unsupported method',
      () => signRequestSync({ method: 'PATCH' as 'PUT', credentials }),
    ],
    [
      'signRequestSync with a bad header name',
      () => signRequestSync({ method: 'GET', credentials, headerNames: { apiKey: 'a b' } }),
    ],
    [
      'createCredentials with an API key holding a newline',
      () => createCredentials({ ...credentials, apiKey: `${secret}\n` }),
    ],
    ['createCredentials with an empty memo', () => createCredentials({ ...credentials, memo: '' })],
    [
      'explainSignature with a bad timestamp',
      () => explainSignature({ method: 'GET', credentials, timestamp: memo }),
    ],
    [
      'verify with invalid server credentials',
      () => verify({ method: 'GET', headers: {}, credentials: { ...credentials, apiKey: '' } }),
    ],
  ]

  it.each(failures)('%s throws a SignerError without the secret or the memo', async (_, run) => {
    const error = await caught(run)
    expect(error).toBeInstanceOf(SignerError)
    expectNoSecrets(String(error))
    expectNoSecrets(inspect(error))
    expectNoSecrets(JSON.stringify(error))
  })
})

describe('secrets never appear in what the package returns', () => {
  it('signRequest headers hold the key, signature and timestamp only', async () => {
    const headers = await signRequest({ method: 'GET', query: 'a=1', credentials, now })
    expectNoSecrets(JSON.stringify(headers))
    expectNoSecrets(inspect(headers))
  })

  it('every verify failure message is free of secret, memo and expected signature', async () => {
    const headers = await signRequest({ method: 'GET', query: 'a=1', credentials, now })
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    const cases: Record<string, string | undefined>[] = [
      {},
      { ...lower, 'x-api-sign': undefined },
      { ...lower, 'x-api-timestamp': undefined },
      { ...lower, 'x-api-timestamp': 'abc' },
      { ...lower, 'x-api-timestamp': '1' },
      { ...lower, 'x-api-key': 'other' },
      { ...lower, 'x-api-sign': 'zz' },
      { ...lower, 'x-api-sign': '0'.repeat(64) },
    ]
    for (const received of cases) {
      const result = await verify({
        method: 'GET',
        query: 'a=1',
        headers: received,
        credentials,
        now,
      })
      expect(result.ok).toBe(false)
      expectNoSecrets(JSON.stringify(result))
      expect(JSON.stringify(result)).not.toContain(headers['X-API-SIGN'])
    }
  })

  it('every verifyRequest result, success or failure, and its live body hold no secret', async () => {
    const headers = await signRequest({ method: 'POST', body: '{}', credentials, now })
    const lookup = (apiKey: string) =>
      apiKey === credentials.apiKey ? { secret, memo, frozen: apiKey === 'never' } : undefined
    const variants: Record<string, string>[] = [
      headers,
      { ...headers, 'X-API-SIGN': '1'.repeat(64) },
      { ...headers, 'X-API-TIMESTAMP': String(now - 60_000) },
      { ...headers, 'X-API-KEY': 'other' },
      { ...headers, 'content-length': '99999999' },
    ]
    const replay = createMemoryReplayStore()
    const results = []
    for (const variant of [...variants, headers]) {
      const request = new Request('http://127.0.0.1/x', {
        method: 'POST',
        headers: variant,
        body: '{}',
      })
      results.push(await verifyRequest(request, { lookup, now, replay }))
    }
    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'ok',
      'signature-mismatch',
      'timestamp-outside-window',
      'unknown-key',
      'body-too-large',
      'replay',
    ])
    for (const result of results) {
      const printed = `${JSON.stringify(result)} ${inspect(result)} ${
        result.ok ? '' : JSON.stringify(liveErrorBody(result))
      }`
      expectNoSecrets(printed)
    }
  })

  it('createCredentials and explainSignature print redacted', async () => {
    const created = createCredentials(credentials)
    const explanation = await explainSignature({ method: 'GET', credentials: created })
    for (const value of [created, explanation, { created, explanation }]) {
      expectNoSecrets(JSON.stringify(value))
      expectNoSecrets(inspect(value, { depth: 10 }))
      expectNoSecrets(inspect(value, { depth: 10, showHidden: true }))
    }
    expectNoSecrets(String(created))
    expectNoSecrets(String(explanation))
  })
})
