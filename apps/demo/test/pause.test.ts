import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pause } from '../src/pause.ts'

describe('pause', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits the whole time when nothing aborts', async () => {
    let done = false
    const wait = pause(1000, new AbortController().signal).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await wait
    expect(done).toBe(true)
  })

  it('ends early when the signal aborts, and does not wait at all once it has', async () => {
    const controller = new AbortController()
    const wait = pause(60_000, controller.signal)
    controller.abort()
    await wait
    await pause(60_000, controller.signal)
    expect(vi.getTimerCount()).toBe(0)
  })
})
