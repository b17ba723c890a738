import { describe, expect, it } from 'vitest'
import { createMemoryReplayStore } from './replay-store.ts'

describe('createMemoryReplayStore', () => {
  it('stores a key once and refuses it until its TTL passes', () => {
    let time = 1000
    const store = createMemoryReplayStore({ now: () => time })
    expect(store.setIfAbsent('k', 100)).toBe(true)
    expect(store.setIfAbsent('k', 100)).toBe(false)
    time = 1099
    expect(store.setIfAbsent('k', 100)).toBe(false)
    time = 1100
    expect(store.setIfAbsent('k', 100)).toBe(true)
  })

  it('when full of live signatures, refuses a new one (fail closed) and forgets none', () => {
    let time = 0
    let full = 0
    const store = createMemoryReplayStore({ maxEntries: 2, now: () => time, onFull: () => full++ })
    expect(store.setIfAbsent('a', 100)).toBe(true)
    expect(store.setIfAbsent('b', 100)).toBe(true)
    expect(() => store.setIfAbsent('c', 100)).toThrow(
      expect.objectContaining({ name: 'SignerError', code: 'replay-store-full' }),
    )
    expect(full).toBe(1)
    // Nothing was forgotten to make room: both are still replays.
    expect(store.setIfAbsent('a', 100)).toBe(false)
    expect(store.setIfAbsent('b', 100)).toBe(false)
    expect(store.size).toBe(2)
    // Once one expires there is room again.
    time = 100
    expect(store.setIfAbsent('c', 100)).toBe(true)
  })

  it('finds expired entries behind live ones when full (TTLs differ)', () => {
    let time = 0
    const store = createMemoryReplayStore({ maxEntries: 3, now: () => time })
    expect(store.setIfAbsent('long', 1000)).toBe(true)
    expect(store.setIfAbsent('short-1', 10)).toBe(true)
    expect(store.setIfAbsent('short-2', 10)).toBe(true)
    time = 10
    // 'long' heads the insertion order and is live; the two behind it expired.
    expect(store.setIfAbsent('new', 1000)).toBe(true)
    expect(store.setIfAbsent('long', 1000)).toBe(false)
    expect(store.size).toBe(2)
  })

  it('under a flood past its size, never accepts a signature twice while it is live', () => {
    let time = 0
    let full = 0
    const store = createMemoryReplayStore({ maxEntries: 50, now: () => time, onFull: () => full++ })
    const accepted = new Map<string, number>()
    for (let i = 0; i < 2000; i++) {
      time = i
      const key = `sig-${i % 120}`
      try {
        if (store.setIfAbsent(key, 500)) {
          const last = accepted.get(key)
          if (last !== undefined) expect(i - last).toBeGreaterThanOrEqual(500)
          accepted.set(key, i)
        }
      } catch {
        // refused while full
      }
    }
    expect(full).toBeGreaterThan(0)
  })

  it('rejects a maxEntries that is not a positive integer', () => {
    expect(() => createMemoryReplayStore({ maxEntries: 0 })).toThrow(/maxEntries/)
  })
})
