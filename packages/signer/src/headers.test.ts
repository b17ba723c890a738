import { describe, expect, it } from 'vitest'
import { defaultHeaderNames, readHeader, resolveHeaderNames } from './headers.ts'

describe('resolveHeaderNames', () => {
  it("defaults to the spec's X-API-KEY, X-API-SIGN and X-API-TIMESTAMP", () => {
    expect(resolveHeaderNames(undefined)).toEqual({
      apiKey: 'X-API-KEY',
      signature: 'X-API-SIGN',
      timestamp: 'X-API-TIMESTAMP',
    })
    expect(Object.isFrozen(defaultHeaderNames)).toBe(true)
  })

  it('overrides only the names given', () => {
    expect(resolveHeaderNames({ signature: 'X-BM-SIGN' })).toEqual({
      apiKey: 'X-API-KEY',
      signature: 'X-BM-SIGN',
      timestamp: 'X-API-TIMESTAMP',
    })
  })

  it('rejects a name that is not an HTTP token', () => {
    expect(() => resolveHeaderNames({ apiKey: 'X API KEY' })).toThrowError(
      /^headerNames\.apiKey must be an HTTP header name/,
    )
  })

  it('rejects two roles sharing one name, case-insensitively', () => {
    expect(() => resolveHeaderNames({ signature: 'x-api-key' })).toThrowError(
      'headerNames must give three different names.',
    )
  })
})

describe('readHeader', () => {
  it('reads a WHATWG Headers object case-insensitively', () => {
    const headers = new Headers({ 'x-api-key': 'k' })
    expect(readHeader(headers, 'X-API-KEY')).toBe('k')
  })

  it('reads a Node-style record case-insensitively, whatever the key case', () => {
    expect(readHeader({ 'x-api-key': 'a' }, 'X-API-KEY')).toBe('a')
    expect(readHeader({ 'X-API-KEY': 'b' }, 'X-API-KEY')).toBe('b')
    expect(readHeader({ 'X-Api-Key': 'c' }, 'X-API-KEY')).toBe('c')
  })

  it('joins repeated values with a comma, as Headers.get does', () => {
    expect(readHeader({ 'x-api-key': ['a', 'b'] }, 'X-API-KEY')).toBe('a, b')
    const headers = new Headers([
      ['x-api-key', 'a'],
      ['x-api-key', 'b'],
    ])
    expect(readHeader(headers, 'X-API-KEY')).toBe('a, b')
  })

  it('treats absent, undefined and empty values as missing', () => {
    expect(readHeader({}, 'X-API-KEY')).toBeUndefined()
    expect(readHeader({ 'x-api-key': undefined }, 'X-API-KEY')).toBeUndefined()
    expect(readHeader({ 'x-api-key': '' }, 'X-API-KEY')).toBeUndefined()
    expect(readHeader({ 'x-api-key': [] }, 'X-API-KEY')).toBeUndefined()
    expect(readHeader(new Headers(), 'X-API-KEY')).toBeUndefined()
  })

  it('does not read inherited properties of a record', () => {
    expect(readHeader({}, 'constructor')).toBeUndefined()
  })
})
