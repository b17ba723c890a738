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

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const store = createMemoryReplayStore({ maxEntries: 2, now: () => 0 })
    expect(store.setIfAbsent('a', 100)).toBe(true)
    expect(store.setIfAbsent('b', 100)).toBe(true)
    expect(store.setIfAbsent('c', 100)).toBe(true)
    expect(store.setIfAbsent('b', 100)).toBe(false)
    expect(store.setIfAbsent('c', 100)).toBe(false)
    expect(store.setIfAbsent('a', 100)).toBe(true)
  })

  it('rejects a maxEntries that is not a positive integer', () => {
    expect(() => createMemoryReplayStore({ maxEntries: 0 })).toThrow(/maxEntries/)
  })
})
