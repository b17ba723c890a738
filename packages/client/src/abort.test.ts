import { describe, expect, it, vi } from 'vitest'
import { onAbort } from './abort.ts'

describe('onAbort', () => {
  it('fans one abort out to every current subscriber, and skips the unsubscribed', () => {
    const controller = new AbortController()
    const calls: number[] = []
    const offs = Array.from({ length: 50 }, (_, i) =>
      onAbort(controller.signal, () => calls.push(i)),
    )
    offs[3]?.()
    controller.abort()
    expect(calls).toHaveLength(49)
    expect(calls).not.toContain(3)
  })

  it('adds one listener per signal however many requests share it (no max-listeners warning)', () => {
    const controller = new AbortController()
    const add = vi.spyOn(controller.signal, 'addEventListener')
    for (let i = 0; i < 1000; i++) onAbort(controller.signal, () => {})
    expect(add).toHaveBeenCalledTimes(1)
  })

  it('runs the callback for a signal that had already aborted, unless unsubscribed first', async () => {
    const signal = AbortSignal.abort()
    const calls: string[] = []
    onAbort(signal, () => calls.push('kept'))
    const off = onAbort(signal, () => calls.push('dropped'))
    off()
    await Promise.resolve()
    expect(calls).toEqual(['kept'])
  })

  it('does nothing without a signal', () => {
    expect(onAbort(undefined, () => {})).toBeTypeOf('function')
  })
})
