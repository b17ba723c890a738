import { describe, expect, it } from 'vitest'
import { MaintenanceError, RateLimitError } from './errors/api.ts'
import { AbortError, ResponseValidationError, TimeoutError } from './errors/transport.ts'
import { resolveRetry, retryDelay, shouldRetry } from './retry.ts'

const policy = resolveRetry(undefined)
const fields = { message: 'm', trace: 't', endpoint: 'GET /x' }

describe('retry policy', () => {
  it('retries timeouts, rate limits and maintenance, but not validation failures or aborts', () => {
    expect(shouldRetry(new TimeoutError('GET /x', 10), 'GET', 0, policy)).toBe(true)
    expect(
      shouldRetry(
        new RateLimitError({ ...fields, code: 30013, httpStatus: 429 }),
        'GET',
        0,
        policy,
      ),
    ).toBe(true)
    expect(
      shouldRetry(
        new MaintenanceError({ ...fields, code: 30016, httpStatus: 200 }),
        'GET',
        0,
        policy,
      ),
    ).toBe(true)
    expect(shouldRetry(new ResponseValidationError('GET /x', [], null), 'GET', 0, policy)).toBe(
      false,
    )
    expect(shouldRetry(new AbortError('GET /x'), 'GET', 0, policy)).toBe(false)
  })

  it('does not retry a blocked client (418, code 30017)', () => {
    expect(
      shouldRetry(
        new RateLimitError({ ...fields, code: 30017, httpStatus: 418 }),
        'GET',
        0,
        policy,
      ),
    ).toBe(false)
  })

  it('retries GET only by default, and stops after maxRetries', () => {
    const timeout = new TimeoutError('POST /x', 10)
    expect(shouldRetry(timeout, 'POST', 0, policy)).toBe(false)
    expect(shouldRetry(timeout, 'GET', 2, policy)).toBe(false)
    expect(shouldRetry(timeout, 'GET', 0, resolveRetry(0))).toBe(false)
  })

  it('backs off exponentially with jitter between 75 % and 100 %, capped', () => {
    const error = new TimeoutError('GET /x', 10)
    expect(retryDelay(1, error, policy, () => 0)).toBe(225)
    expect(retryDelay(1, error, policy, () => 0.999999)).toBe(300)
    expect(retryDelay(3, error, policy, () => 0.999999)).toBe(1200)
    expect(retryDelay(20, error, policy, () => 0.999999)).toBe(8000)
  })

  it('waits what the server asked, and gives up when it asks too much', () => {
    const asked = (ms: number) =>
      new RateLimitError({ ...fields, code: 30013, httpStatus: 429, retryAfterMs: ms })
    expect(retryDelay(1, asked(2000), policy)).toBe(2000)
    expect(retryDelay(1, asked(60_000), policy)).toBeNull()
    // An ask shorter than the backoff (Retry-After: 0.0001) still waits the backoff.
    expect(retryDelay(1, asked(0.1), policy, () => 0)).toBe(225)
    expect(retryDelay(3, asked(1000), policy, () => 0.999999)).toBe(1200)
  })
})
