/**
 * Egress: the address a worker's requests leave from, and the one budget all
 * processes leaving from it share through `@perpkit/redis-limiter`.
 *
 * @module
 */
import { isIP, createServer as netServer } from 'node:net'
import type { ClientOptions, FetchFunction } from '@perpkit/client'
import { createRedisStore } from '@perpkit/redis-limiter'
import { Agent, fetch as undiciFetch } from 'undici'
import { RecorderError } from '../errors.ts'
import type { Redis } from './redis.ts'

/**
 * The rate-limit key prefix of an egress name. Every process that leaves
 * through the same IP (a worker, a dashboard, a script) and passes this
 * prefix to `createRedisStore` spends the same budget.
 *
 * @param egress - The egress name, as given to `worker --egress`.
 * @returns `perpkit:rate-limit:egress:<name>:`.
 * @example
 * ```ts
 * import { egressKeyPrefix } from '@perpkit/recorder'
 * import { createRedisStore } from '@perpkit/redis-limiter'
 * import { createClient } from 'redis'
 *
 * const redis = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * // A dashboard behind the office IP, sharing the workers' budget:
 * const store = createRedisStore({ redis, keyPrefix: egressKeyPrefix('office') })
 * ```
 */
export function egressKeyPrefix(egress: string): string {
  return `perpkit:rate-limit:egress:${checkEgressName(egress)}:`
}

/**
 * Checks `--egress`: letters, digits, `.`, `_`, `-` (it becomes part of Redis keys).
 *
 * @param value - The flag's value.
 * @returns The name.
 */
export function checkEgressName(value: string | undefined): string {
  if (value === undefined || value === '')
    throw new RecorderError(
      '--egress <name> is required: workers with the same name share a budget',
    )
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(value))
    throw new RecorderError(`--egress ${JSON.stringify(value)}: use letters, digits, . _ - only`)
  return value
}

/**
 * Checks `--local-address`: an IP literal that this machine can bind.
 *
 * @param value - The flag's value, or undefined for the system's choice.
 * @returns The address.
 */
export async function checkLocalAddress(value: string | undefined): Promise<string | undefined> {
  if (value === undefined) return undefined
  if (isIP(value) === 0)
    throw new RecorderError(`--local-address ${JSON.stringify(value)} is not an IP address`)
  await new Promise<void>((resolve, reject) => {
    const probe = netServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new RecorderError(
          `--local-address ${value} cannot be bound here (${error.code ?? error.message}): use an address of this machine`,
        ),
      ),
    )
    probe.listen(0, value, () => probe.close(() => resolve()))
  })
  return value
}

/** The client options of one egress, and what to close. */
export interface Egress {
  clientOptions: { fetch: FetchFunction } & Pick<ClientOptions, 'rateLimit'>
  close(): Promise<void>
}

/**
 * Client options that send from `localAddress` (undici's `Agent({ localAddress })`
 * as the client's `fetch`) and pace against the egress's budget in Redis.
 *
 * @param redis - A connected client for the limiter (its own connection).
 * @param egress - The egress name.
 * @param localAddress - Source address, or undefined for the system's choice.
 * @param budgets - Budgets replacing the endpoint table's (tests, slower deployments).
 * @returns The options.
 */
export function openEgress(
  redis: Redis,
  egress: string,
  localAddress: string | undefined,
  budgets?: NonNullable<Exclude<ClientOptions['rateLimit'], boolean>>['budgets'],
): Egress {
  const dispatcher = new Agent(localAddress === undefined ? {} : { localAddress })
  const fetch: FetchFunction = (url, init) =>
    undiciFetch(url, { ...init, dispatcher } as Parameters<typeof undiciFetch>[1])
  const store = createRedisStore({
    redis,
    keyPrefix: egressKeyPrefix(egress),
    // A loaded machine can take longer than the default 500 ms to answer; a
    // timeout is fail-closed (retried), never a request over the budget.
    commandTimeoutMs: 5_000,
    // A worker killed with -9 holds its slots until their lease ends: keep it short, above
    // the client's 10 s request timeout, so the egress's other workers soon have them back.
    slotLeaseMs: 15_000,
  })
  return {
    clientOptions: { fetch, rateLimit: budgets === undefined ? { store } : { store, budgets } },
    close: () => dispatcher.close(),
  }
}
