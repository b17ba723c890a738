/**
 * Client options and per-call options (their resolution: `resolve-options.ts`).
 *
 * @module
 */
import type { AuthType, EndpointPath, RateLimitBudget } from '@perpkit/schemas/lite'
import type { Credentials, GetBodyRule, HeaderNames } from '@perpkit/signer'
import type { Hooks } from 'ky'
import type { DriftReport, DriftReporter } from './drift-report.ts'
import type { FetchFunction } from './fetch-adapter.ts'
import type { RateLimitStore } from './rate-limit-store.ts'
import type { ResolvedRetry, RetryOptions } from './retry.ts'

/**
 * Options of {@link createClient}.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   baseUrl: 'https://api.example.com',
 *   timeout: 5_000,
 *   retry: { maxRetries: 3 },
 * })
 * ```
 */
export interface ClientOptions {
  /**
   * Base URL of a deployment of the interface (paths are appended to it).
   * @default process.env.PERPKIT_BASE_URL
   */
  baseUrl?: string
  /**
   * API credentials: needed for `KEYED` and `SIGNED` requests, three non-empty
   * strings (checked by `createClient`). Kept in a closure: never on the client
   * object, never in a message.
   */
  credentials?: Credentials
  /**
   * Auth for every endpoint of the table, overriding each row's own (the
   * market-data endpoints need none). Set `'SIGNED'` for a gateway (or the
   * sandbox's signed mode) that wants them signed.
   * @default each endpoint's `auth` from the table
   */
  auth?: AuthType
  /** Milliseconds for a whole attempt: headers and body. @default 10000 */
  timeout?: number
  /** Retry policy, or a retry count; `0` turns retries off. @default { maxRetries: 2 } */
  retry?: number | RetryOptions
  /**
   * Client-side rate limiting with the interface's per-endpoint budgets,
   * shared by every client of the same origin in the process; `false` turns it
   * off; `{ budgets }` sets other budgets for a deployment with other limits.
   * @default true
   */
  rateLimit?: boolean | RateLimitOptions
  /** Headers sent with every request. @default {} */
  headers?: Record<string, string>
  /**
   * Any fetch-compatible function (undici's `fetch`, a proxy-aware wrapper, a
   * test double); it receives a URL string and a plain init. A network failure
   * it passes on is a `NetworkError`; anything else it throws, or a value that
   * is not a response, is an `OptionError` naming `fetch`, never retried.
   * @default globalThis.fetch
   */
  fetch?: FetchFunction
  /**
   * The largest response body accepted, in bytes: a larger `Content-Length`
   * is refused before reading, a longer stream is cut off as soon as it
   * passes the limit, both with a `ResponseTooLargeError`. The largest
   * payload of the interface (details of every contract) is about 1 MB.
   * @default 16777216 (16 MiB)
   */
  maxResponseBytes?: number
  /**
   * ky hooks, run on every attempt. What a hook throws fails the call with an
   * `OptionError` naming it (`hooks.beforeRequest[0]`), never retried.
   * @default {}
   */
  hooks?: Pick<Hooks, 'beforeRequest' | 'afterResponse'>
  /**
   * Names of the signing headers, any of the three (HTTP header names, checked
   * by `createClient`).
   * @default { apiKey: 'X-API-KEY', signature: 'X-API-SIGN', timestamp: 'X-API-TIMESTAMP' }
   */
  headerNames?: Partial<HeaderNames>
  /** What a GET request signs: its query string (the spec) or `''` (some deployments). @default 'query' */
  getBodyRule?: GetBodyRule
  /**
   * The clock, in epoch ms: signing timestamps and the end of kline ranges. A
   * throw, anything but a finite, non-negative number, or a time that reads as
   * epoch seconds (below 10^11) fails the call with an `OptionError` naming `now`.
   * @default Date.now
   */
  now?: () => number
  /**
   * Called when a response carries keys no model reads, or lacks optional keys
   * a model reads: once per endpoint and set of keys for this client. An error
   * it throws rejects the call (an `OptionError` naming `onDrift`, the error as
   * its `cause`), which is how a test turns drift into a failure.
   * Every call's drift is on `.withResponse().drift` either way.
   * @default undefined
   */
  onDrift?: (report: DriftReport) => void
}

/**
 * Budget overrides by endpoint path: a misspelt path does not compile.
 *
 * @example
 * ```ts
 * const budgets: RateLimitBudgets = { '/contract/public/depth': { limit: 20, windowMs: 1000 } }
 * ```
 */
export type RateLimitBudgets = { [P in EndpointPath]?: RateLimitBudget }

/**
 * Rate-limiter settings for deployments whose budgets differ from the field notes'.
 *
 * @example
 * ```ts
 * createClient({ baseUrl, rateLimit: { budgets: { '/contract/public/depth': { limit: 20, windowMs: 1000 } } } })
 * ```
 */
export interface RateLimitOptions {
  /** Budgets by endpoint path; others keep the endpoint table's. @default {} */
  budgets?: RateLimitBudgets
  /**
   * Where the budgets' state lives. The default keeps it in this process,
   * shared by its clients; a shared store (e.g. `createRedisStore` from
   * `@perpkit/redis-limiter`) keeps one budget for many processes.
   * @default the process-wide in-process store
   */
  store?: RateLimitStore
}

/**
 * Options of one call; they override the client's.
 *
 * @example
 * ```ts
 * const signal = AbortSignal.timeout(10_000)
 * await client.getDepth({ symbol: 'BTCUSDT' }, { timeout: 2_000, retry: 0, signal })
 * ```
 */
export interface CallOptions {
  /**
   * Aborts the call, including its retries and its wait for a rate-limit slot
   * (an `AbortSignal`: `controller.signal`, not the controller).
   */
  signal?: AbortSignal
  /** Milliseconds for each attempt. @default the client's `timeout` */
  timeout?: number
  /** Retry policy or count for this call. @default the client's `retry` */
  retry?: number | RetryOptions
  /** The largest response body accepted, in bytes. @default the client's `maxResponseBytes` */
  maxResponseBytes?: number
}

/** Everything a request needs, resolved once per client. */
export interface ResolvedOptions {
  baseUrl: string
  origin: string
  credentials: Credentials | undefined
  /** The override of every row's auth, if any. */
  auth: AuthType | undefined
  timeout: number
  retry: ResolvedRetry
  /** `false`, or the budget overrides by path. */
  rateLimit: false | RateLimitBudgets
  /** Where rate-limit state lives. */
  rateLimitStore: RateLimitStore
  headers: Record<string, string>
  fetch: FetchFunction | undefined
  maxResponseBytes: number
  hooks: Pick<Hooks, 'beforeRequest' | 'afterResponse'>
  headerNames: Partial<HeaderNames> | undefined
  getBodyRule: GetBodyRule
  now: () => number
  /** Calls `onDrift` once per endpoint and key set; `undefined` without one. */
  reportDrift: DriftReporter | undefined
}
