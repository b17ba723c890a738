import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import type { RateLimitBudget } from '@perpkit/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createClient,
  InProcessRateLimitStore,
  type RateLimitInfo,
  type RateLimitSlot,
  type RateLimitStore,
} from '../src/index.ts'

const DEPTH = '/contract/public/depth'
const serverBudget = { limit: 12, windowMs: 100 }
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 9,
    quiet: true,
    rateLimit: true,
    rateLimitBudgets: { [DEPTH]: serverBudget },
  })
})
afterAll(() => sandbox.close())

/** An in-process store that records what the client asked of it. */
class RecordingStore implements RateLimitStore {
  readonly inner = new InProcessRateLimitStore()
  readonly acquired: [string, RateLimitBudget][] = []
  readonly observed: RateLimitInfo[] = []
  readonly blocked: [string, number][] = []

  acquire(key: string, budget: RateLimitBudget, signal?: AbortSignal): Promise<RateLimitSlot> {
    this.acquired.push([key, budget])
    return this.inner.acquire(key, budget, signal)
  }
  observe(key: string, budget: RateLimitBudget, info: RateLimitInfo): void {
    this.observed.push(info)
    this.inner.observe(key, budget, info)
  }
  block(key: string, budget: RateLimitBudget, ms: number): void {
    this.blocked.push([key, ms])
    this.inner.block(key, budget, ms)
  }
}

describe('rateLimit.store', () => {
  it('takes every slot from the chosen store, keyed by origin and endpoint, and reports the headers to it', async () => {
    const store = new RecordingStore()
    const client = createClient({
      baseUrl: sandbox.url,
      retry: 0,
      rateLimit: { budgets: { [DEPTH]: serverBudget }, store },
    })
    await Promise.all(Array.from({ length: 30 }, () => client.getDepth({ symbol: 'BTCUSDT' })))
    expect(store.acquired).toHaveLength(30)
    expect(new Set(store.acquired.map(([key]) => key))).toEqual(
      new Set([`${new URL(sandbox.url).origin} ${DEPTH}`]),
    )
    expect(store.acquired[0]?.[1]).toEqual(serverBudget)
    expect(store.observed).toHaveLength(30)
    expect(Math.max(...store.observed.map((info) => info.used))).toBeLessThanOrEqual(
      serverBudget.limit,
    )
  })

  it('tells the store to hold the endpoint back after a 429', async () => {
    const store = new RecordingStore()
    // A budget above the server's, so the burst does reach a 429.
    const client = createClient({
      baseUrl: sandbox.url,
      retry: 0,
      rateLimit: { budgets: { [DEPTH]: { limit: 100, windowMs: 100 } }, store },
    })
    await Promise.allSettled(
      Array.from({ length: 30 }, () => client.getDepth({ symbol: 'ETHUSDT' })),
    )
    expect(store.blocked.length).toBeGreaterThan(0)
    expect(store.blocked[0]).toEqual([`${new URL(sandbox.url).origin} ${DEPTH}`, 100])
  })

  it('takes no slot for a call whose options are invalid, so none is left held', async () => {
    const store = new RecordingStore()
    let released = 0
    const counting: RateLimitStore = {
      acquire: async (key, budget, signal) => {
        const slot = await store.acquire(key, budget, signal)
        return {
          release: () => {
            released++
            slot.release()
          },
        }
      },
      observe: (key, budget, info) => store.observe(key, budget, info),
      block: (key, budget, ms) => store.block(key, budget, ms),
    }
    const client = createClient({
      baseUrl: sandbox.url,
      retry: 0,
      rateLimit: { budgets: { [DEPTH]: { limit: 1, windowMs: 1 } }, store: counting },
    })
    await expect(client.getDepth({ symbol: 'BTCUSDT' }, { timeout: -1 })).rejects.toThrow(
      'timeout must be a positive number of milliseconds',
    )
    expect(store.acquired.length).toBe(released)
  })

  it('keeps a store of its own apart from the process-wide budget', async () => {
    const mine = new InProcessRateLimitStore()
    const budget = { limit: 1, windowMs: 60_000 }
    const held = await mine.acquire('k', budget)
    held.release()
    const other = new InProcessRateLimitStore()
    // The same key and budget in another store: a slot at once.
    const slot = await other.acquire('k', budget)
    slot.release()
    // The first store's window is used up: its next caller waits.
    const controller = new AbortController()
    let second = false
    const waiting = mine.acquire('k', budget, controller.signal).then(() => {
      second = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(second).toBe(false)
    controller.abort(new Error('done'))
    await expect(waiting).rejects.toThrow('done')
  })
})
