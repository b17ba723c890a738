import { checkPositiveMs, PerpkitError } from '@perpkit/client'
import { describe, expect, it } from 'vitest'
import { createRedisStore, type RedisClientCommands, type RedisCommands } from '../src/index.ts'

/** Commands a test's client was asked to send (none expected). */
const sent: string[][] = []
const untouched: RedisClientCommands = {
  sendCommand: (args) => {
    sent.push(args)
    return Promise.reject(new Error('no command expected'))
  },
}

describe('createRedisStore options', () => {
  it('needs a client with sendCommand, and says how to make one', () => {
    expect(() => createRedisStore({} as { redis: RedisCommands })).toThrow(PerpkitError)
    expect(() =>
      createRedisStore({} as { redis: RedisCommands }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[OptionError: createRedisStore needs { redis }: a connected node-redis client (await createClient({ url }).connect()) or cluster (await createCluster({ rootNodes }).connect())]`,
    )
  })

  it('refuses an unknown failure policy', () => {
    expect(() =>
      createRedisStore({ redis: untouched, onRedisError: 'retry' as 'fallback' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[OptionError: onRedisError must be 'fail-closed' or 'fallback', got "retry"]`,
    )
  })

  it.each(['commandTimeoutMs', 'slotLeaseMs', 'retryIntervalMs'] as const)(
    'refuses a %s that is not a positive number of milliseconds',
    (name) => {
      expect(() => createRedisStore({ redis: untouched, [name]: 0 })).toThrow(
        `${name} must be a positive number of milliseconds, got 0`,
      )
      expect(() => createRedisStore({ redis: untouched, [name]: Number.NaN })).toThrow(PerpkitError)
    },
  )

  it.each(['commandTimeoutMs', 'slotLeaseMs', 'retryIntervalMs'] as const)(
    "checks %s with the client's own check: same words for a value that is not a number",
    (name) => {
      const message = `${name} must be a positive number of milliseconds, got "500"`
      expect(() => checkPositiveMs(name, '500')).toThrow(message)
      expect(() => createRedisStore({ redis: untouched, [name]: '500' as never })).toThrow(message)
    },
  )

  it('fallback: a throwing onWarning neither strands the waiter nor escapes as a rejection', async () => {
    const offline: RedisCommands = { ...untouched, isReady: false }
    let warned = 0
    const store = createRedisStore({
      redis: offline,
      onRedisError: 'fallback',
      onWarning: () => {
        warned++
        throw new Error('logger down')
      },
    })
    const slot = await store.acquire('k', { limit: 1, windowMs: 100 })
    slot.release()
    expect(warned).toBe(1)
  })

  it('fails closed at once when the client says it is not connected, without a command', async () => {
    const offline: RedisCommands = { ...untouched, isReady: false }
    const store = createRedisStore({ redis: offline })
    await expect(store.acquire('k', { limit: 1, windowMs: 100 })).rejects.toMatchObject({
      name: 'RedisLimiterError',
      retryable: true,
    })
    expect(sent).toEqual([])
  })
})
