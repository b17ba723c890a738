/**
 * A replay store for `verifyRequest` of `@perpkit/signer` on the Redis the rate limiter
 * already uses: one `SET key 1 NX PX ttl` per accepted request, so every instance behind a
 * load balancer refuses a signed request that another one accepted.
 *
 * @module
 */
import { PerpkitError } from '@perpkit/client'
import { CommandFailure, type RedisCommands, sendCommand } from './run-script.ts'

/**
 * Options of {@link createRedisReplayStore}.
 *
 * @example
 * ```ts
 * import type { RedisReplayStoreOptions } from '@perpkit/redis-limiter'
 * import { createClient } from 'redis'
 *
 * const redis = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * const options: RedisReplayStoreOptions = { redis, keyPrefix: 'orders:replay:' }
 * ```
 */
export interface RedisReplayStoreOptions {
  /** A connected node-redis client (v5 or v6): the one your service already has. */
  redis: RedisCommands
  /**
   * Prepended to every key (the key is the request's signature). No braces by default, so
   * keys spread over a cluster's slots; a `{tag}` in it pins them to one slot if you need
   * that. @default 'perpkit:replay:'
   */
  keyPrefix?: string | undefined
}

/**
 * A `ReplayStore` of `@perpkit/signer` on Redis (structurally: this package does not depend
 * on the signer).
 *
 * @example
 * ```ts
 * import { createRedisReplayStore, type RedisReplayStore } from '@perpkit/redis-limiter'
 * import { createClient } from 'redis'
 *
 * const redis = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * const store: RedisReplayStore = createRedisReplayStore({ redis })
 * const first = await store.setIfAbsent('signature-hex', 60_000) // true the first time
 * ```
 */
export interface RedisReplayStore {
  /** `SET <prefix><key> 1 NX PX <ttlMs>`: `true` when stored, `false` for a replay. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>
}

/**
 * Creates a `ReplayStore` (of `@perpkit/signer`) on Redis. `setIfAbsent` sends
 * `SET <prefix><signature> 1 NX PX <ttl>` and resolves `true` when Redis stored the key. While
 * the client is disconnected (`isReady` false: Redis down, reconnecting) it rejects at once
 * instead of queueing the command, and a Redis error rejects too; `verifyRequest` answers
 * either as `'replay-unavailable'` (503, 30014) and never accepts the request unchecked. A
 * Redis that hangs is bounded by `verifyRequest`'s `replayTimeoutMs`. Give the client an
 * `'error'` listener: without one, node-redis throws the connection error and the process
 * exits when Redis goes away.
 *
 * @param options - The connected client and the key prefix.
 * @returns A store for `verifyRequest(request, { replay })`.
 * @throws PerpkitError (from `@perpkit/client`) when `redis` is not a node-redis client.
 * @example
 * ```ts
 * import { createRedisReplayStore } from '@perpkit/redis-limiter'
 * import { liveErrorResponse, verifyRequest } from '@perpkit/signer'
 * import { createClient } from 'redis'
 *
 * const redis = await createClient({ url: 'redis://127.0.0.1:6379' })
 *   .on('error', (error: Error) => console.error('redis:', error.message)) // keeps the process up
 *   .connect()
 * const replay = createRedisReplayStore({ redis })
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 *
 * export async function handle(request: Request): Promise<Response> {
 *   const result = await verifyRequest(request, { lookup: (k) => keys.get(k), replay, replayTimeoutMs: 500 })
 *   // 'replay' (401) when another instance saw it; 'replay-unavailable' (503) while Redis is down
 *   if (!result.ok) return liveErrorResponse(result)
 *   return new Response('ok')
 * }
 * ```
 */
export function createRedisReplayStore(options: RedisReplayStoreOptions): RedisReplayStore {
  const redis = options?.redis
  if (typeof redis?.sendCommand !== 'function') {
    throw new PerpkitError(
      'createRedisReplayStore needs { redis }: a connected node-redis client (await createClient({ url }).connect()) or cluster (await createCluster({ rootNodes }).connect())',
    )
  }
  const keyPrefix = options.keyPrefix ?? 'perpkit:replay:'
  if (typeof keyPrefix !== 'string') throw new PerpkitError('keyPrefix must be a string')
  return {
    async setIfAbsent(key, ttlMs) {
      // Queued in node-redis's offline queue, the SET would wait for the reconnection (and
      // then run late): refuse now, so the verifier answers 503 at once.
      if (redis.isReady === false)
        throw new CommandFailure('the Redis client is not connected', false)
      const ttl = String(Math.max(1, Math.ceil(ttlMs)))
      const redisKey = `${keyPrefix}${key}`
      const reply = await sendCommand(redis, redisKey, ['SET', redisKey, '1', 'NX', 'PX', ttl])
      return reply === 'OK'
    },
  }
}
