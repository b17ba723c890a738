import { describe, expect, it } from 'vitest'
import { parseRateLimitHeaders, parseRetryAfter } from './rate-limit-headers.ts'

describe('parseRateLimitHeaders', () => {
  it('reads Remaining as requests used and Reset as the window length, whatever the prefix', () => {
    const headers = new Headers({
      'X-BM-RateLimit-Limit': '12',
      'X-BM-RateLimit-Remaining': '5',
      'X-BM-RateLimit-Reset': '2',
      'X-BM-RateLimit-Mode': 'IP',
    })
    expect(parseRateLimitHeaders(headers)).toEqual({
      limit: 12,
      used: 5,
      remaining: 7,
      windowMs: 2000,
      mode: 'IP',
    })
  })

  it('returns null without rate-limit headers', () => {
    expect(parseRateLimitHeaders(new Headers({ 'content-type': 'application/json' }))).toBeNull()
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter(new Headers({ 'Retry-After': '3' }))).toBe(3000)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(
      parseRetryAfter(new Headers({ 'Retry-After': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now),
    ).toBe(5000)
    expect(parseRetryAfter(new Headers())).toBeNull()
  })
})
