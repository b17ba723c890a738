// The key lookup and the replay store fail in a bounded, documented way: a lookup or store
// that throws, rejects or never answers gives 503 with 30014 within its timeout, tells
// onUnavailable, and never accepts the request. (The Redis outage itself, with a real
// redis-server killed under traffic, is in packages/redis-limiter/test/.)
import { describe, expect, it } from 'vitest'
import { SignerError } from './errors.ts'
import { createMemoryReplayStore, type ReplayStore } from './replay-store.ts'
import { signRequest } from './sign-request.ts'
import { verifyNodeRequest } from './verify-node-request.ts'
import { verifyRequest } from './verify-request.ts'
import type { UnavailableEvent, VerifyRequestOptions } from './verify-request-options.ts'

const credentials = { apiKey: 'key-dep', secret: 'SECRET-dep-1', memo: 'MEMO-dep-1' }
const secrets = { secret: credentials.secret, memo: credentials.memo }
const never = <T>() => new Promise<T>(() => {})

async function signedGet(query = `n=${Math.random()}`): Promise<Request> {
  const headers = await signRequest({ method: 'GET', query, credentials })
  return new Request(`http://127.0.0.1/orders?${query}`, { headers })
}

async function check(options: Partial<VerifyRequestOptions>) {
  const events: UnavailableEvent[] = []
  const result = await verifyRequest(await signedGet(), {
    replay: false,
    onUnavailable: (event) => events.push(event),
    ...options,
  } as VerifyRequestOptions)
  return { result, events }
}

const lookupDown = { ok: false, reason: 'lookup-unavailable', status: 503, code: 30014 }
const replayDown = { ok: false, reason: 'replay-unavailable', status: 503, code: 30014 }

describe('a key lookup that fails', () => {
  it('that never answers: 503 (30014) after lookupTimeoutMs, with a timeout error', async () => {
    const { result, events } = await check({ lookup: () => never(), lookupTimeoutMs: 20 })
    expect(result).toMatchObject(lookupDown)
    expect(events).toHaveLength(1)
    expect(events[0]?.during).toBe('lookup')
    expect(events[0]?.error).toBeInstanceOf(SignerError)
    expect(events[0]?.error).toHaveProperty('code', 'timeout')
  })

  it('that rejects or throws: 503 (30014), the error handed to onUnavailable', async () => {
    const down = new Error('database is down')
    for (const lookup of [
      () => Promise.reject(down),
      () => {
        throw down
      },
    ]) {
      const { result, events } = await check({ lookup })
      expect(result).toMatchObject(lookupDown)
      expect(events).toEqual([{ during: 'lookup', error: down }])
    }
  })

  it.each([
    ['a stored secret that is null', { secret: null, memo: 'MEMO-dep-1' }],
    ['an empty memo', { secret: 'SECRET-dep-1', memo: '' }],
    ['a roll-over list with a broken entry', [secrets, null]],
    ['a string', 'SECRET-dep-1'],
  ])(
    'that answers %s: 503 (30014), sync or async, in both verifiers, never a rejection',
    async (_kind, answer) => {
      for (const lookup of [() => answer, async () => answer]) {
        const { result, events } = await check({ lookup: lookup as VerifyRequestOptions['lookup'] })
        expect(result).toMatchObject(lookupDown)
        expect(events).toHaveLength(1)
        expect(events[0]?.error).toBeInstanceOf(SignerError)
        expect(events[0]?.error).toHaveProperty('code', 'invalid-credentials')
        // The error names the field, never a secret.
        expect(String((events[0]?.error as Error | undefined)?.message)).not.toContain(
          'SECRET-dep-1',
        )
      }
      // verifyNodeRequest gives the same answer (a GET without framing headers reads nothing).
      const fromNode = await verifyNodeRequest(
        {
          method: 'GET',
          url: '/orders?n=1',
          headers: Object.fromEntries(
            Object.entries(await signRequest({ method: 'GET', query: 'n=1', credentials })).map(
              ([name, value]) => [name.toLowerCase(), value],
            ),
          ),
          on: () => undefined,
          removeListener: () => undefined,
          pause: () => undefined,
        },
        { lookup: () => answer as never, replay: false },
      )
      expect(fromNode).toMatchObject(lookupDown)
    },
  )

  it('answers 503 even when onUnavailable itself throws', async () => {
    const result = await verifyRequest(await signedGet(), {
      lookup: () => Promise.reject(new Error('down')),
      onUnavailable: () => {
        throw new Error('the logger failed too')
      },
    })
    expect(result).toMatchObject(lookupDown)
  })

  it('that answers in time still verifies', async () => {
    const { result } = await check({
      lookup: async () => secrets,
      lookupTimeoutMs: 60_000,
    })
    expect(result.ok).toBe(true)
  })

  it('refuses a timeout that is not a positive number', async () => {
    await expect(check({ lookup: () => secrets, lookupTimeoutMs: 0 })).rejects.toThrow(
      /lookupTimeoutMs must be a positive number/,
    )
  })
})

describe('a replay store that fails', () => {
  const lookup = () => secrets
  it.each([
    ['never answers', { setIfAbsent: () => never<boolean>() }],
    ['rejects', { setIfAbsent: () => Promise.reject(new Error('ECONNREFUSED')) }],
    [
      'throws',
      {
        setIfAbsent: () => {
          throw new Error('boom')
        },
      },
    ],
  ] as [string, ReplayStore][])('that %s: 503 (30014), never accepted', async (_, store) => {
    const { result, events } = await check({ lookup, replay: store, replayTimeoutMs: 20 })
    expect(result).toMatchObject(replayDown)
    expect(events.map((event) => event.during)).toEqual(['replay'])
  })

  it('that answers late: the late "first sight" does not turn the 503 into an acceptance', async () => {
    let answer: (first: boolean) => void = () => {}
    const store: ReplayStore = {
      setIfAbsent: () => new Promise<boolean>((resolve) => (answer = resolve)),
    }
    const { result } = await check({ lookup, replay: store, replayTimeoutMs: 10 })
    answer(true)
    expect(result).toMatchObject(replayDown)
  })

  it('the in-process store when full: 503 (30014) from both verifiers, onFull told', async () => {
    let full = 0
    const replay = createMemoryReplayStore({ maxEntries: 1, onFull: () => full++ })
    expect((await verifyRequest(await signedGet(), { lookup, replay })).ok).toBe(true)
    const events: UnavailableEvent[] = []
    const refused = await verifyRequest(await signedGet(), {
      lookup,
      replay,
      onUnavailable: (event) => events.push(event),
    })
    expect(refused).toMatchObject(replayDown)
    expect(full).toBe(1)
    expect(events[0]?.error).toHaveProperty('code', 'replay-store-full')
    // verifyNodeRequest gives the same answer (a GET without framing headers reads nothing).
    const query = 'n=node'
    const node = await verifyNodeRequest(
      {
        method: 'GET',
        url: `/orders?${query}`,
        headers: Object.fromEntries(
          Object.entries(await signRequest({ method: 'GET', query, credentials })).map(
            ([name, value]) => [name.toLowerCase(), value],
          ),
        ),
        on: () => undefined,
        removeListener: () => undefined,
        pause: () => undefined,
      },
      { lookup, replay },
    )
    expect(node).toMatchObject(replayDown)
  })
})
