/**
 * `--redis <url>`: checked before anything connects, shown without its
 * credentials, connected once with a deadline (a wrong URL is an error, not
 * a hang), then reconnecting for ever (a Redis restart is ridden out).
 *
 * @module
 */
import { createClient, type RedisClientType } from 'redis'
import { RecorderError } from '../errors.ts'

/** The queue all commands use unless `--queue` names another. */
const DEFAULT_QUEUE = 'perpkit-recorder'

/** A parsed `--redis`. */
export interface RedisTarget {
  url: string
  /** The URL without user or password, for messages. */
  shown: string
}

/**
 * Checks `--redis`: `redis://` or `rediss://`, a host, an optional port and
 * database number.
 *
 * @param value - The flag's value.
 * @returns The target.
 */
export function parseRedisUrl(value: string | undefined): RedisTarget {
  if (value === undefined || value === '')
    throw new RecorderError('--redis <url> is required (e.g. redis://127.0.0.1:6379)')
  // Credentials never reach a message.
  const redacted = value.replace(/\/\/[^@/]*@/, '//')
  if (!/^rediss?:\/\//.test(value))
    throw new RecorderError(
      `--redis ${JSON.stringify(redacted)}: use redis://host:port or rediss://host:port (e.g. redis://127.0.0.1:6379)`,
    )
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new RecorderError(`--redis ${JSON.stringify(redacted)} is not a URL`)
  }
  const shown = `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`
  if (url.hostname === '') throw new RecorderError(`--redis ${shown}: no host`)
  if (!/^\/?(\d+)?$/.test(url.pathname))
    throw new RecorderError(`--redis ${shown}: the path may only be a database number (/0)`)
  return { url: value, shown }
}

/**
 * Checks `--queue`: BullMQ refuses `:` in queue names.
 *
 * @param value - The flag's value.
 * @returns The queue name.
 */
export function parseQueueName(value: string | undefined): string {
  const name = value ?? DEFAULT_QUEUE
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name))
    throw new RecorderError(`--queue ${JSON.stringify(name)}: use letters, digits, . _ - only`)
  return name
}

/** A connected node-redis client. */
export type Redis = RedisClientType

/**
 * Connects to Redis, failing with a {@link RecorderError} when it does not
 * answer within `timeoutMs`. Once connected, the client reconnects on its own.
 *
 * @param target - From {@link parseRedisUrl}.
 * @param timeoutMs - Deadline of the first connection.
 * @returns The client.
 */
export async function connectRedis(target: RedisTarget, timeoutMs = 5_000): Promise<Redis> {
  let lastError = ''
  const client: Redis = createClient({
    url: target.url,
    socket: {
      connectTimeout: timeoutMs,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
    },
  })
  client.on('error', (error: Error) => {
    lastError = error.message
  })
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)
      }),
    ])
  } catch (error) {
    client.destroy()
    const reason = lastError || (error instanceof Error ? error.message : String(error))
    throw new RecorderError(
      `cannot reach Redis at ${target.shown} within ${timeoutMs} ms (${reason.replaceAll(target.url, target.shown)})`,
      1,
    )
  } finally {
    clearTimeout(timer)
  }
  return client
}
