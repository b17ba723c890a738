import { describe, expect, it, vi } from 'vitest'
import { RateLimitBucket } from './rate-limiter.ts'

describe('RateLimitBucket', () => {
  it('lets `limit` requests through at once and queues the next', async () => {
    const bucket = new RateLimitBucket({ limit: 2, windowMs: 50 })
    const a = await bucket.acquire()
    const b = await bucket.acquire()
    let third = false
    const c = bucket.acquire().then((slot) => {
      third = true
      return slot
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(third).toBe(false)
    expect(bucket.queued).toBe(1)
    a.release()
    b.release()
    const slot = await c
    expect(third).toBe(true)
    slot.release()
  })

  it('counts a slot from its release, so a slow response delays the next window', async () => {
    let now = 0
    const bucket = new RateLimitBucket({ limit: 1, windowMs: 100 }, () => now)
    const slot = await bucket.acquire()
    now = 500 // the response took 500 ms
    slot.release()
    now = 550
    let granted = false
    void bucket.acquire().then(() => {
      granted = true
    })
    await new Promise((r) => setTimeout(r, 5))
    expect(granted).toBe(false) // 50 ms after the response: still inside its window
  })

  it('serves waiters first in, first out', async () => {
    const bucket = new RateLimitBucket({ limit: 1, windowMs: 5 })
    const first = await bucket.acquire()
    const order: number[] = []
    const waits = [1, 2, 3].map((n) =>
      bucket.acquire().then((slot) => {
        order.push(n)
        slot.release()
      }),
    )
    first.release()
    await Promise.all(waits)
    expect(order).toEqual([1, 2, 3])
  })

  it('drops an aborted waiter from the queue and rejects with the reason', async () => {
    const bucket = new RateLimitBucket({ limit: 1, windowMs: 10_000 })
    const held = await bucket.acquire()
    const controller = new AbortController()
    const waiting = bucket.acquire(controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
    expect(bucket.queued).toBe(0)
    held.release()
  })

  it('holds everything back while blocked (after a 429 or a used-up window)', async () => {
    vi.useFakeTimers()
    try {
      const bucket = new RateLimitBucket({ limit: 10, windowMs: 1000 })
      bucket.observe({ limit: 10, used: 10, remaining: 0, windowMs: 40, mode: 'IP' })
      let granted = false
      const slot = bucket.acquire().then((acquired) => {
        granted = true
        return acquired
      })
      await vi.advanceTimersByTimeAsync(39)
      expect(granted).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(granted).toBe(true)
      ;(await slot).release()
    } finally {
      vi.useRealTimers()
    }
  })

  it("follows the server's latest limit, never above the budget: one odd header does not slow it for good", async () => {
    const now = 0
    const bucket = new RateLimitBucket({ limit: 12, windowMs: 2000 }, () => now)
    // Nothing used yet in the server's window: only the limit speaks.
    const report = (limit: number) => ({
      limit,
      used: 0,
      remaining: limit,
      windowMs: 2000,
      mode: 'IP',
    })
    bucket.observe(report(1))
    ;(await bucket.acquire()).release()
    let second = false
    void bucket.acquire().then(() => {
      second = true
    })
    await new Promise((r) => setTimeout(r, 5))
    expect(second).toBe(false) // the window holds one request while the server says 1
    bucket.observe(report(12)) // the next response: 12 again
    await new Promise((r) => setTimeout(r, 5))
    expect(second).toBe(true)
    bucket.observe(report(1_000)) // never above the budget
    const slots = await Promise.all(Array.from({ length: 10 }, () => bucket.acquire()))
    expect(bucket.queued).toBe(0)
    void bucket.acquire()
    await new Promise((r) => setTimeout(r, 5))
    expect(bucket.queued).toBe(1) // 1 + 1 + 10 in flight or in the window: the 13th waits
    for (const slot of slots) slot.release()
  })
})
