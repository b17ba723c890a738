import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { explainSignature } from './explain.ts'
import { signRequest } from './sign-request.ts'

const credentials = { apiKey: 'key-abc', secret: 'my-secret', memo: 'my-memo' }
const timestamp = '1700000000000'

describe('explainSignature', () => {
  it('shows prehash, masked prehash, signature, timestamp and body rule side by side', async () => {
    const explanation = await explainSignature({
      method: 'GET',
      query: '?symbol=BTCUSDT',
      credentials,
      timestamp,
    })
    expect(explanation).toMatchObject({
      method: 'GET',
      bodyRule: 'query',
      timestamp,
      body: 'symbol=BTCUSDT',
      maskedPrehash: '1700000000000#[memo: 7 chars]#symbol=BTCUSDT',
    })
    expect(explanation.prehash).toBe('1700000000000#my-memo#symbol=BTCUSDT')
  })

  it('gives the signature that signRequest sends for the same request and time', async () => {
    const now = Number(timestamp)
    const headers = await signRequest({ method: 'GET', query: 'a=1', credentials, now })
    const explanation = await explainSignature({ method: 'GET', query: 'a=1', credentials, now })
    expect(explanation.signature).toBe(headers['X-API-SIGN'])
    expect(explanation.timestamp).toBe(headers['X-API-TIMESTAMP'])
  })

  it('never prints the memo or the secret: inspect, JSON.stringify and String show the masked prehash', async () => {
    const explanation = await explainSignature({ method: 'GET', credentials, timestamp })
    for (const printed of [
      inspect(explanation),
      JSON.stringify(explanation),
      String(explanation),
    ]) {
      expect(printed).toContain('[memo: 7 chars]')
      expect(printed).not.toContain('my-memo')
      expect(printed).not.toContain('my-secret')
    }
    expect(Object.keys(explanation)).not.toContain('prehash')
  })

  it("reports the rule: 'empty' for GET under the empty rule, 'json' for POST", async () => {
    const empty = await explainSignature({
      method: 'GET',
      query: 'a=1',
      credentials,
      timestamp,
      getBodyRule: 'empty',
    })
    expect([empty.bodyRule, empty.body]).toEqual(['empty', ''])
    const post = await explainSignature({ method: 'POST', body: '{"a":1}', credentials, timestamp })
    expect([post.bodyRule, post.body]).toEqual(['json', '{"a":1}'])
  })

  it('hints that an all-digit memo may be an account id', async () => {
    const explanation = await explainSignature({
      method: 'GET',
      credentials: { ...credentials, memo: '20240601' },
      timestamp,
    })
    expect(explanation.hints.join('\n')).toMatch(/memo is all digits: is it an account/)
    expect(explanation.hints.join('\n')).not.toContain('20240601')
  })

  it('hints at whitespace around the memo or the secret', async () => {
    const explanation = await explainSignature({
      method: 'GET',
      credentials: { ...credentials, memo: 'my-memo\n', secret: ' my-secret' },
      timestamp,
    })
    expect(explanation.hints.filter((h) => h.includes('whitespace'))).toHaveLength(2)
  })

  it('hints at a timestamp in seconds and at a clock far from now', async () => {
    const seconds = await explainSignature({ method: 'GET', credentials, timestamp: 1700000000 })
    expect(seconds.hints).toContain(
      'The timestamp looks like seconds; it must be epoch milliseconds.',
    )
    const stale = await explainSignature({
      method: 'GET',
      credentials,
      timestamp: Date.now() - 60_000,
    })
    expect(stale.hints.join('\n')).toMatch(/more than 30 s away/)
    const fresh = await explainSignature({ method: 'GET', credentials })
    expect(fresh.hints).toEqual([])
  })

  it('measures the skew against the given now, not this machine clock', async () => {
    const now = Date.UTC(2023, 10, 14, 22, 13, 20) // 1700000000000
    const synced = await explainSignature({ method: 'GET', credentials, timestamp, now })
    expect(synced.hints).toEqual([])
    const late = await explainSignature({
      method: 'GET',
      credentials,
      timestamp,
      now: now + 31_000,
    })
    expect(late.hints.join('\n')).toMatch(/more than 30 s away/)
  })

  it('hints at the other GET rule when a GET has a query', async () => {
    const query = await explainSignature({ method: 'GET', query: 'a=1', credentials })
    expect(query.hints.join('\n')).toContain("try getBodyRule: 'empty'")
    const empty = await explainSignature({
      method: 'GET',
      query: 'a=1',
      credentials,
      getBodyRule: 'empty',
    })
    expect(empty.hints.join('\n')).toContain("try getBodyRule: 'query'")
  })

  it('hints at unencoded characters in the query, an unsigned POST query and invalid JSON', async () => {
    const raw = await explainSignature({ method: 'GET', query: 'note=a b', credentials })
    expect(raw.hints.join('\n')).toMatch(/percent-encode/)
    const post = await explainSignature({
      method: 'POST',
      query: 'a=1',
      body: "{'a':1}",
      credentials,
    })
    expect(post.hints.join('\n')).toContain('POST signs the JSON body only')
    expect(post.hints.join('\n')).toContain('not valid JSON')
  })

  it('is frozen', async () => {
    const explanation = await explainSignature({ method: 'GET', credentials, timestamp })
    expect(Object.isFrozen(explanation)).toBe(true)
    expect(Object.isFrozen(explanation.hints)).toBe(true)
  })
})
