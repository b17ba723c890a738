import { MAX_TIMER_MS } from '@perpkit/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRedisStore, type RedisClientCommands, type RedisStoreWarning } from '../src/index.ts'

const budget = { limit: 10, windowMs: 100 }
const RETRY_MS = 1000

interface Sent {
  /** `ACQUIRE`, `RELEASE`, or the last part of the first key (`inflight`: a cancel). */
  script: string
  /** The script's ARGV. */
  argv: string[]
  resolve: (reply: unknown) => void
  reject: (error: unknown) => void
}

/**
 * A client whose every command waits until the test answers it, in any
 * order: how a reconnecting node-redis can answer an old command after a
 * newer one (the old one's EVALSHA met NOSCRIPT on the restarted server and
 * went again as EVAL behind it), or time it out after the newer one succeeded.
 */
function scriptedClient() {
  const sent: Sent[] = []
  const takers: { script: string; take: (command: Sent) => void }[] = []
  const hand = (): void => {
    for (const taker of [...takers]) {
      const index = sent.findIndex((command) => command.script === taker.script)
      if (index === -1) continue
      takers.splice(takers.indexOf(taker), 1)
      taker.take(sent.splice(index, 1)[0] as Sent)
    }
  }
  const redis: RedisClientCommands = {
    sendCommand: (args) =>
      new Promise((resolve, reject) => {
        const script = args[2] === '3' ? 'ACQUIRE' : args[2] === '2' ? 'RELEASE' : String(args[3])
        const argv = args.slice(3 + Number(args[2]))
        sent.push({ script: script.split(':').pop() ?? script, argv, resolve, reject })
        hand()
      }),
  }
  /** The oldest unanswered command of `script`, once the store sent it. */
  const take = (script: string): Promise<Sent> =>
    new Promise((resolve) => {
      takers.push({ script, take: resolve })
      hand()
    })
  return { redis, sent, take }
}

/** Too long to matter: the test answers (or fails) every command itself. */
const NEVER_MS = 60_000
const timedOut = () => new Error(`Redis did not answer within ${NEVER_MS} ms`)

/**
 * A store on a {@link scriptedClient} that took a slot from Redis and then
 * saw Redis fail (`fallback`: it warned and fell back). Only Date is faked:
 * `retryIntervalMs` is measured with `Date.now()`.
 */
async function storeAfterAnOutage(onRedisError: 'fallback' | 'fail-closed') {
  vi.useFakeTimers({ toFake: ['Date'] })
  const client = scriptedClient()
  const warnings: RedisStoreWarning['kind'][] = []
  const store = createRedisStore({
    redis: client.redis,
    onRedisError,
    onWarning: (warning) => warnings.push(warning.kind),
    retryIntervalMs: RETRY_MS,
    commandTimeoutMs: NEVER_MS,
  })
  const fromRedis = store.acquire('k', budget)
  ;(await client.take('ACQUIRE')).resolve([1, 0])
  const slot = await fromRedis
  const duringOutage = store.acquire('k', budget).then(
    (s) => s.release(),
    () => {},
  )
  ;(await client.take('ACQUIRE')).reject(new Error('Socket closed unexpectedly'))
  await duringOutage
  // Sent while Redis is down, and waiting: the failed acquire's cancel.
  const cancel = await client.take('inflight')
  // Leave Redis alone no longer.
  vi.setSystemTime(Date.now() + RETRY_MS + 1)
  return { client, warnings, store, slot, cancel }
}

/** Lets settle what the test just failed (its handlers run within this turn's microtasks). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

afterEach(() => {
  vi.useRealTimers()
})

describe('a command sent while Redis was down that fails after Redis came back', () => {
  it('fallback: a release or cancel neither warns again nor sends the store back to the fallback', async () => {
    const { client, warnings, store, slot, cancel } = await storeAfterAnOutage('fallback')
    expect(warnings).toEqual(['fallback'])
    slot.release()
    const release = await client.take('RELEASE')
    // Redis answers again. Its state may lack writes of the outage: one window's block first.
    const afterOutage = store.acquire('k', budget)
    ;(await client.take('block')).resolve(1)
    ;(await client.take('ACQUIRE')).resolve([1, 0])
    ;(await afterOutage).release()
    ;(await client.take('RELEASE')).resolve(1)
    expect(warnings).toEqual(['fallback', 'recovered'])
    // The two sent during the outage time out now (the client took long to reconnect).
    cancel.reject(timedOut())
    release.reject(timedOut())
    await settle()
    expect(warnings).toEqual(['fallback', 'recovered'])
    // The store stays on Redis: the next acquire goes there (after a window's block again:
    // the two failures left it unsure of what Redis holds).
    const next = store.acquire('k', budget)
    ;(await client.take('block')).resolve(1)
    ;(await client.take('ACQUIRE')).resolve([1, 0])
    ;(await next).release()
    ;(await client.take('RELEASE')).resolve(1)
    // The failed cancel and release are sent again (a lost one would hold its slot until
    // its lease ends), and this time Redis runs them.
    ;(await client.take('inflight')).resolve(1)
    ;(await client.take('RELEASE')).resolve(1)
    await settle()
    expect(warnings).toEqual(['fallback', 'recovered'])
    expect(client.sent).toEqual([])
  })

  it.each([
    ['fallback', ['fallback', 'recovered']],
    ['fail-closed', []],
  ] as const)(
    '%s: an acquire asks Redis again instead of giving up on it',
    async (onRedisError, expected) => {
      const { client, warnings, store, slot, cancel } = await storeAfterAnOutage(onRedisError)
      // Two keys ask Redis at once; the second's answer comes first.
      const first = store.acquire('a', budget)
      const late = await client.take('ACQUIRE')
      const second = store.acquire('b', budget)
      ;(await client.take('ACQUIRE')).resolve([1, 0])
      ;(await second).release()
      ;(await client.take('RELEASE')).resolve(1)
      // The first one times out: it is asked again (it neither fails nor
      // falls back), and Redis grants it.
      let outcome = 'waiting'
      first.then(
        () => (outcome = 'slot'),
        (error: unknown) => (outcome = String(error).split('\n')[0] ?? ''),
      )
      late.reject(timedOut())
      await settle()
      expect([outcome, warnings]).toEqual(['waiting', expected])
      ;(await client.take('inflight')).resolve(1)
      ;(await client.take('block')).resolve(1)
      ;(await client.take('ACQUIRE')).resolve([1, 0])
      ;(await first).release()
      ;(await client.take('RELEASE')).resolve(1)
      expect(warnings).toEqual(expected)
      cancel.resolve(1)
      slot.release()
      ;(await client.take('RELEASE')).resolve(1)
      expect(client.sent).toEqual([])
    },
  )
})

describe('a failover loses no release and overruns no budget', () => {
  const store = (client: ReturnType<typeof scriptedClient>) =>
    createRedisStore({ redis: client.redis, commandTimeoutMs: NEVER_MS })

  it('a release that fails (the master died) is sent again until Redis runs it', async () => {
    const client = scriptedClient()
    const granted = store(client).acquire('k', budget)
    ;(await client.take('ACQUIRE')).resolve([1, 0])
    ;(await granted).release()
    const first = await client.take('RELEASE')
    first.reject(new Error('Socket closed unexpectedly'))
    const again = await client.take('RELEASE')
    expect(again.argv).toEqual(first.argv)
    again.reject(timedOut())
    // Each try after a longer pause, until one reaches Redis.
    ;(await client.take('RELEASE')).resolve(1)
    await settle()
    expect(client.sent).toEqual([])
  })

  it('after a failed command, the key is blocked for one window (every process sees it) before the next grant', async () => {
    const client = scriptedClient()
    const limiter = store(client)
    const lost = limiter.acquire('k', budget).catch((error: unknown) => error)
    ;(await client.take('ACQUIRE')).reject(new Error('Socket closed unexpectedly'))
    expect(await lost).toMatchObject({ name: 'RedisLimiterError' })
    ;(await client.take('inflight')).resolve(1)
    const next = limiter.acquire('k', budget)
    const block = await client.take('block')
    expect(block.argv).toEqual([String(budget.windowMs)])
    block.resolve(1)
    ;(await client.take('ACQUIRE')).resolve([1, 0])
    ;(await next).release()
    ;(await client.take('RELEASE')).resolve(1)
    expect(client.sent).toEqual([])
  })

  it('a wait beyond what a timer can hold is armed at most 2^31 - 1 ms, without an overflow', async () => {
    const overflows: string[] = []
    const onWarning = (warning: Error) => {
      if (warning.name === 'TimeoutOverflowWarning') overflows.push(warning.message)
    }
    process.on('warning', onWarning)
    try {
      const client = scriptedClient()
      const limiter = store(client)
      // A block from an absurd header, sent by anything that holds the store.
      limiter.block('k', budget, 1e12)
      const block = await client.take('block')
      expect(block.argv).toEqual([String(MAX_TIMER_MS)])
      block.resolve(1)
      const controller = new AbortController()
      const waiting = limiter.acquire('k', budget, controller.signal).catch(() => 'aborted')
      // Redis says the block ends in 1e12 ms.
      ;(await client.take('ACQUIRE')).resolve([0, 1e12])
      await settle()
      await new Promise((resolve) => setTimeout(resolve, 20))
      controller.abort()
      expect(await waiting).toBe('aborted')
      // An overflowed timer fires after 1 ms and asks Redis again, over and over.
      expect(client.sent).toEqual([])
      expect(overflows).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})
