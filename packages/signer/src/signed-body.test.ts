import { describe, expect, it } from 'vitest'
import { buildSignedBody, resolveSignedBody } from './signed-body.ts'

describe('buildSignedBody', () => {
  it('signs the GET query string exactly as sent, by default', () => {
    expect(buildSignedBody({ method: 'GET', query: 'symbol=BTCUSDT&limit=5' })).toBe(
      'symbol=BTCUSDT&limit=5',
    )
  })

  it('drops one leading ? from the query string', () => {
    expect(buildSignedBody({ method: 'GET', query: '?symbol=BTCUSDT' })).toBe('symbol=BTCUSDT')
  })

  it('keeps query order and encoding untouched (no sorting, no re-encoding)', () => {
    const query = 'z=1&a=%2F&b=x+y&a=2'
    expect(buildSignedBody({ method: 'GET', query })).toBe(query)
  })

  it('signs URLSearchParams as their form-encoded toString()', () => {
    const params = new URLSearchParams({ symbol: 'BTC USDT', note: 'a&b' })
    expect(buildSignedBody({ method: 'GET', query: params })).toBe('symbol=BTC+USDT&note=a%26b')
  })

  it("signs the empty string for GET under getBodyRule 'empty'", () => {
    expect(buildSignedBody({ method: 'GET', query: 'symbol=BTCUSDT', getBodyRule: 'empty' })).toBe(
      '',
    )
  })

  it("signs the DELETE query string even under getBodyRule 'empty' (the rule is GET's)", () => {
    expect(buildSignedBody({ method: 'DELETE', query: 'id=1', getBodyRule: 'empty' })).toBe('id=1')
  })

  it('signs the exact JSON text for POST and PUT, ignoring the query', () => {
    const body = '{"symbol":"BTCUSDT"}'
    expect(buildSignedBody({ method: 'POST', body, query: 'x=1' })).toBe(body)
    expect(buildSignedBody({ method: 'put', body })).toBe(body)
  })

  it('signs an empty string for a GET without query and a POST without body', () => {
    expect(buildSignedBody({ method: 'GET' })).toBe('')
    expect(buildSignedBody({ method: 'POST' })).toBe('')
  })

  it('accepts lower-case methods', () => {
    expect(buildSignedBody({ method: 'get', query: 'a=1' })).toBe('a=1')
  })

  it('rejects a body on GET and DELETE, pointing to query', () => {
    expect(() => buildSignedBody({ method: 'GET', body: '{"a":1}' })).toThrowError(
      /GET requests carry no body: pass the parameters as query/,
    )
    expect(() => buildSignedBody({ method: 'DELETE', body: 'x' })).toThrowError(/DELETE/)
  })

  it('rejects methods the signature rule does not cover', () => {
    // @ts-expect-error PATCH is not covered by the spec
    expect(() => buildSignedBody({ method: 'PATCH' })).toThrowError(
      'method must be GET, DELETE, POST or PUT, got "PATCH".',
    )
  })

  it('rejects an unknown GET rule and a non-string query', () => {
    // @ts-expect-error only 'query' and 'empty' exist
    expect(() => buildSignedBody({ method: 'GET', getBodyRule: 'none' })).toThrowError(
      "getBodyRule must be 'query' or 'empty'.",
    )
    // @ts-expect-error a record is ambiguous (order, encoding): pass the exact string
    expect(() => buildSignedBody({ method: 'GET', query: { a: '1' } })).toThrowError(
      'query must be a string or a URLSearchParams, got object.',
    )
  })
})

describe('resolveSignedBody', () => {
  it('names the rule that chose the body', () => {
    expect(resolveSignedBody({ method: 'GET', query: 'a=1' }, true)).toEqual({
      method: 'GET',
      rule: 'query',
      body: 'a=1',
    })
    expect(resolveSignedBody({ method: 'get', getBodyRule: 'empty' }, true).rule).toBe('empty')
    expect(resolveSignedBody({ method: 'PUT', body: '{}' }, true).rule).toBe('json')
  })

  it('ignores a GET body when not strict (verifiers sign what the rule says)', () => {
    expect(resolveSignedBody({ method: 'GET', query: 'a=1', body: 'junk' }, false).body).toBe('a=1')
  })
})
