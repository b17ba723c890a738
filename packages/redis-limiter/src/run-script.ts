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
 * The one method the store needs of a Redis client: node-redis's
 * `sendCommand`. Pass the client your application already connected
 * (`createClient(...).connect()`, v5 or v6).
 *
 * @example
 * ```ts
 * import { createClient } from 'redis'
 *
 * const redis: RedisCommands = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * ```
 */
export interface RedisCommands {
  /** Sends one command (`['EVALSHA', sha, '1', key]`) and resolves with its reply. */
  sendCommand(args: string[]): Promise<unknown>
  /** node-redis's readiness: `false` while it is disconnected or reconnecting. */
  readonly isReady?: boolean
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
  return withTimeout(evaluate(redis, script, tail), timeoutMs)
}

async function evaluate(redis: RedisCommands, script: Script, tail: string[]): Promise<unknown> {
  try {
    return await redis.sendCommand(['EVALSHA', script.sha, ...tail])
  } catch (error) {
    if (!String((error as Error | undefined)?.message).startsWith('NOSCRIPT')) throw error
    return redis.sendCommand(['EVAL', script.source, ...tail])
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
