import { describe, expect, it } from 'vitest'
import { BoundedCache } from './bounded-cache.ts'

describe('BoundedCache', () => {
  it('keeps at most maxEntries entries, evicting the least recently used', () => {
    const cache = new BoundedCache<number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1) // a is now more recent than b
    cache.set('c', 3)
    expect(cache.peek('b')).toBeUndefined()
    expect(cache.peek('a')).toBe(1)
    expect(cache.peek('c')).toBe(3)
  })

  it('does not refresh recency on peek', () => {
    const cache = new BoundedCache<number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.peek('a')
    cache.set('c', 3)
    expect(cache.peek('a')).toBeUndefined()
  })

  it('replaces a value in place without evicting', () => {
    const cache = new BoundedCache<number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('a', 10)
    expect([cache.peek('a'), cache.peek('b')]).toEqual([10, 2])
  })

  it('deletes one entry or all of them', () => {
    const cache = new BoundedCache<number>(3)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.delete('a')
    expect(cache.peek('a')).toBeUndefined()
    cache.clear()
    expect(cache.peek('b')).toBeUndefined()
  })
})
