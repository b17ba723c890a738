// Secret rotation: a key may carry several secrets (each with its memo) while it rolls over.
// A signature made with any of them verifies, and the result says which one matched, never
// the secret. Checked against an independent HMAC written from the spec with node:crypto.
import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { verify } from './verify.ts'
import { verifyRequest } from './verify-request.ts'
import type { KeyRecord } from './verify-request-options.ts'

/** The spec, section 5: lower-case hex HMAC-SHA256 of `timestamp#memo#body` under the secret. */
function specSignature(secret: string, memo: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}#${memo}#${body}`).digest('hex')
}

const now = 1_700_000_000_000
const text = fc.string({ minLength: 1, maxLength: 24, unit: 'binary' })
const entry = fc.record({ secret: text, memo: text })

function signedRequest(method: 'GET' | 'POST', query: string, body: string, sign: string) {
  return new Request(`http://127.0.0.1/x${query ? `?${query}` : ''}`, {
    method,
    headers: { 'x-api-key': 'rolling', 'x-api-sign': sign, 'x-api-timestamp': String(now) },
    body: method === 'POST' ? body : null,
  })
}

describe('a key with several secrets', () => {
  it('verifies a signature made with any of them and says which one (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.constantFrom('GET' as const, 'POST' as const),
        fc.string({ maxLength: 40 }),
        async (entries, pick, method, payload) => {
          const index = pick % entries.length
          const signer = entries[index]!
          const query = method === 'GET' ? new URLSearchParams({ q: payload }).toString() : ''
          const body = method === 'POST' ? JSON.stringify({ payload }) : ''
          const sign = specSignature(signer.secret, signer.memo, String(now), query || body)
          // The first entry with the same secret and memo is the one reported.
          const expected = entries.findIndex(
            (e) => e.secret === signer.secret && e.memo === signer.memo,
          )
          const records: KeyRecord[] = entries.map((e, i) => ({ ...e, label: `v${i}` }))
          const result = await verifyRequest(signedRequest(method, query, body, sign), {
            lookup: (apiKey) => (apiKey === 'rolling' ? records : undefined),
            now,
            replay: false,
          })
          expect(result).toMatchObject({
            ok: true,
            secretIndex: expected,
            secretLabel: `v${expected}`,
          })
          // verify, with the same list as `credentials`, agrees.
          const direct = await verify({
            method,
            query,
            body,
            headers: { 'x-api-key': 'rolling', 'x-api-sign': sign, 'x-api-timestamp': String(now) },
            credentials: entries.map((e) => ({ apiKey: 'rolling', ...e })),
            now,
          })
          expect(direct).toMatchObject({ ok: true, secretIndex: expected })
        },
      ),
      { numRuns: 200 },
    )
  })

  it('refuses a signature made with a secret that is not in the list (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 4 }),
        entry,
        async (entries, other) => {
          fc.pre(!entries.some((e) => e.secret === other.secret && e.memo === other.memo))
          const sign = specSignature(other.secret, other.memo, String(now), 'a=1')
          const result = await verifyRequest(signedRequest('GET', 'a=1', '', sign), {
            lookup: () => entries,
            now,
            replay: false,
          })
          expect(result).toMatchObject({ ok: false, reason: 'signature-mismatch', code: 30005 })
        },
      ),
      { numRuns: 200 },
    )
  })

  it('reports frozen per secret, treats an empty list as an unknown key', async () => {
    const sign = specSignature('old', 'memo', String(now), 'a=1')
    const lookup = (apiKey: string): KeyRecord[] =>
      apiKey === 'rolling'
        ? [
            { secret: 'new', memo: 'memo' },
            { secret: 'old', memo: 'memo', frozen: true },
          ]
        : []
    const options = { lookup, now, replay: false } as const
    expect(await verifyRequest(signedRequest('GET', 'a=1', '', sign), options)).toMatchObject({
      reason: 'frozen-key',
    })
    const unknown = new Request('http://127.0.0.1/x?a=1', {
      headers: { 'x-api-key': 'nobody', 'x-api-sign': sign, 'x-api-timestamp': String(now) },
    })
    expect(await verifyRequest(unknown, options)).toMatchObject({ reason: 'unknown-key' })
  })

  it('names a bad entry by its position, never by its value (a 503 lookup failure)', async () => {
    const sign = specSignature('s', 'm', String(now), 'a=1')
    const errors: unknown[] = []
    const result = await verifyRequest(signedRequest('GET', 'a=1', '', sign), {
      lookup: () => [
        { secret: 'TOP-SECRET-VALUE', memo: 'MEMO-VALUE' },
        { secret: '', memo: 'm' },
      ],
      now,
      replay: false,
      onUnavailable: ({ error }) => errors.push(error),
    })
    expect(result).toMatchObject({ ok: false, reason: 'lookup-unavailable', status: 503 })
    const message = (errors[0] as Error | undefined)?.message ?? ''
    expect(message).toContain('lookup(apiKey) result[1].secret is empty')
    expect(message).not.toContain('TOP-SECRET-VALUE')
    expect(message).not.toContain('MEMO-VALUE')
  })
})
