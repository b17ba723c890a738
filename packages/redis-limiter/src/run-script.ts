/**
 * Running a script: EVALSHA (the script is sent once per server), EVAL when
 * the server answers NOSCRIPT (after a restart or `SCRIPT FLUSH`), and a
 * timeout on every command, so a slow or unreachable Redis never hangs a
 * request.
 *
 * @module
 */
import type { Script } from './scripts.ts'

/**
 * What the store needs of a plain (single-node or Sentinel-fed) Redis
 * client: node-redis's `sendCommand`. Pass the client your application
 * already connected (`createClient(...).connect()`, v5 or v6).
 *
 * @example
 * ```ts
 * import { createClient } from 'redis'
 *
 * const redis: RedisClientCommands = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * ```
 */
export interface RedisClientCommands {
  /** Sends one command (`['EVALSHA', sha, '1', key]`) and resolves with its reply. */
  sendCommand(args: string[]): Promise<unknown>
  /** node-redis's readiness: `false` while it is disconnected or reconnecting. */
  readonly isReady?: boolean
}

/**
 * What the store needs of a Redis Cluster client: node-redis's cluster
 * `sendCommand`, which routes a command by its first key (and follows
 * MOVED/ASK redirections, as after a failover). Every budget's keys share one
 * hash tag, so each script runs on the one node that serves its slot. Pass
 * the cluster your application already connected
 * (`createCluster({ rootNodes }).connect()`, v5 or v6).
 *
 * @example
 * ```ts
 * import { createCluster } from 'redis'
 *
 * const redis: RedisClusterCommands = await createCluster({
 *   rootNodes: [{ url: 'redis://10.0.0.1:6379' }, { url: 'redis://10.0.0.2:6379' }],
 * }).connect()
 * ```
 */
export interface RedisClusterCommands {
  /** Sends one command to the node serving `firstKey`'s slot and resolves with its reply. */
  sendCommand(
    firstKey: string | undefined,
    isReadonly: boolean | undefined,
    args: string[],
  ): Promise<unknown>
  /** The cluster's masters: how the store tells a cluster client from a plain one. */
  readonly masters: readonly unknown[]
  /** node-redis's readiness: `false` until the cluster's slots are known. */
  readonly isReady?: boolean
}

/**
 * A connected node-redis client: a plain one (`createClient`) or a cluster
 * (`createCluster`).
 *
 * @example
 * ```ts
 * import { createClient } from 'redis'
 *
 * const redis: RedisCommands = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * ```
 */
export type RedisCommands = RedisClientCommands | RedisClusterCommands

/**
 * Whether the client is a cluster client (it routes commands by key).
 *
 * @param redis - The client.
 * @returns `true` for node-redis's `createCluster` client.
 */
function isCluster(redis: RedisCommands): redis is RedisClusterCommands {
  return 'masters' in redis && Array.isArray(redis.masters)
}

/** Why a command failed: Redis answered with an error, or did not answer in time. */
export class CommandFailure extends Error {
  override name = 'CommandFailure'

  /**
   * @param message - What went wrong.
   * @param sent - Whether the command went out (it may still run in Redis).
   */
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message)
  }
}

/**
 * Runs a script with EVALSHA, falling back to EVAL on NOSCRIPT.
 *
 * @param redis - The client.
 * @param script - The script.
 * @param keys - Its KEYS.
 * @param args - Its ARGV.
 * @param timeoutMs - Longest wait for the answer. The command itself is not
 *   taken back: a late one still runs (node-redis sends it once connected).
 * @param waitForConnection - Send even while the client reconnects (a
 *   release must reach Redis eventually); otherwise fail at once.
 * @returns The script's reply.
 * @throws {@link CommandFailure} when Redis is not ready or too slow; Redis's own error when it errs.
 */
export function runScript(
  redis: RedisCommands,
  script: Script,
  keys: readonly string[],
  args: readonly (string | number)[],
  timeoutMs: number,
  waitForConnection = false,
): Promise<unknown> {
  if (!waitForConnection && redis.isReady === false) {
    return Promise.reject(new CommandFailure('the Redis client is not connected', false))
  }
  const tail = [String(keys.length), ...keys, ...args.map(String)]
  return withTimeout(evaluate(redis, script, keys, tail), timeoutMs)
}

/**
 * Sends one command on a plain client, or on a cluster to the node serving
 * `key`'s slot (node-redis follows MOVED/ASK from there).
 *
 * @param redis - The client.
 * @param key - The command's first key: it routes the command on a cluster.
 * @param args - The command (`['SET', key, '1', 'NX']`).
 * @returns Redis's reply.
 */
export function sendCommand(
  redis: RedisCommands,
  key: string | undefined,
  args: string[],
): Promise<unknown> {
  return isCluster(redis) ? redis.sendCommand(key, false, args) : redis.sendCommand(args)
}

async function evaluate(
  redis: RedisCommands,
  script: Script,
  keys: readonly string[],
  tail: string[],
): Promise<unknown> {
  // On a cluster, the first key routes the script to the node serving its
  // slot (every key of one call shares it: one hash tag); NOSCRIPT comes
  // from a node that never saw the script, as a new master after a failover.
  const send = (args: string[]): Promise<unknown> => sendCommand(redis, keys[0], args)
  try {
    return await send(['EVALSHA', script.sha, ...tail])
  } catch (error) {
    if (!String((error as Error | undefined)?.message).startsWith('NOSCRIPT')) throw error
    return send(['EVAL', script.source, ...tail])
  }
}

function withTimeout(reply: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      // setImmediate runs after this turn's I/O: an answer that arrived while
      // this process was busy (the timer is late too) still wins.
      () =>
        setImmediate(() =>
          reject(new CommandFailure(`Redis did not answer within ${ms} ms`, true)),
        ),
      ms,
    )
  })
  return Promise.race([reply, timeout]).finally(() => clearTimeout(timer))
}
