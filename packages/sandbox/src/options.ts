/**
 * Options of {@link startSandbox} and their defaults: a twin of live by
 * default (live budgets on, observed answers only, a catalog live could
 * serve); anything invented behind an explicit option.
 *
 * @module
 */
import type { EndpointPath, RateLimitBudget } from '@perpkit/schemas'
import type { Credentials, GetBodyRule, HeaderNames } from '@perpkit/signer'
import {
  booleanOption,
  checkBudgets,
  checkCors,
  checkCredentials,
  checkFrozenKeys,
  checkHeaderNames,
  checkRateLimitHeaders,
  clockOption,
  integerIn,
  type RateLimitHeaderNames,
} from './option-checks.ts'

export type { RateLimitHeaderNames } from './option-checks.ts'

/**
 * Options of {@link startSandbox}. Every field is optional; the defaults make
 * a twin of a live deployment.
 *
 * @example
 * ```ts
 * const options: SandboxOptions = { seed: 7, now: () => Date.UTC(2026, 0, 1), rateLimit: false }
 * ```
 */
export interface SandboxOptions {
  /** TCP port; `0` picks a free one. @default `0` */
  port?: number
  /** Interface to listen on. @default `'127.0.0.1'` */
  host?: string
  /** Seed of the market: the same seed and the same request give the same answer. @default `1` */
  seed?: number | string
  /** The market clock in epoch ms (pin it in tests). @default `Date.now` */
  now?: () => number
  /** Order-book levels per side, 1 to 1000. @default `50` */
  depthLevels?: number
  /**
   * Enforce the endpoint table's per-IP budgets (429 with 30013, then 418 with 30017) and send
   * rate-limit headers, as live deployments do. `false` turns limits and their headers off
   * (tests and benchmarks that are not about rate limits). @default `true`
   */
  rateLimit?: boolean
  /**
   * Budgets that replace the endpoint table's for some paths (keys are endpoint paths of the
   * table), e.g. a 100 ms window so rate-limit tests run fast.
   */
  rateLimitBudgets?: { [P in EndpointPath]?: RateLimitBudget }
  /**
   * The clock of the budget windows, epoch ms. Apart from `now`, so that a pinned market
   * clock does not freeze the windows; pass a fake clock to step windows in tests.
   * @default `Date.now`
   */
  rateLimitClock?: () => number
  /**
   * Prefix of the rate-limit headers: `<prefix>-RateLimit-Limit` and so on. Pick the prefix of
   * the deployment you mirror (e.g. `'X-BM'`). @default `'X'` (`X-RateLimit-Limit`, ...)
   */
  rateLimitHeaderPrefix?: string
  /** Full names for some of the four rate-limit headers, replacing `<prefix>-RateLimit-...`. */
  rateLimitHeaderNames?: Partial<RateLimitHeaderNames>
  /** Signed mode: the keys that endpoints requiring a signature (and the signed route) accept. */
  credentials?: Credentials | Credentials[]
  /** API keys of `credentials` that are frozen: a correct signature with them answers 30003. */
  frozenApiKeys?: readonly string[]
  /**
   * How the table's endpoints authenticate: as the table says (`'table'`: public endpoints
   * stay public, as live), or every one `'SIGNED'`, as a deployment that signs every call
   * (needs `credentials`). @default `'table'`
   */
  endpointAuth?: 'table' | 'SIGNED'
  /** Largest accepted distance between a signed request's timestamp and the clock, in ms. @default `30_000` */
  signatureWindowMs?: number
  /** What GET requests sign: the query string (the spec) or the empty string. @default `'query'` */
  getBodyRule?: GetBodyRule
  /** Names of the signing headers (signed checks and CORS preflights). @default `X-API-KEY`, `X-API-SIGN`, `X-API-TIMESTAMP` */
  headerNames?: Partial<HeaderNames>
  /**
   * Live quirks (candles stamped a second late, `"OK"` or `"Ok"`, `funding_time` as a
   * number or a string, extra fields, live number formats, key order, thin and empty
   * books, ...), deterministic from the seed. `false` gives the clean mode. @default `true`
   */
  quirks?: boolean
  /**
   * CORS: `true` allows every origin, a list allows those origins, `false` sends no CORS
   * headers (browsers then refuse cross-origin calls). @default `true`
   */
  cors?: boolean | readonly string[]
  /**
   * The catalog: `'named'` (the documented contracts), `'live'` (about 1,200 contracts,
   * about 1 MB from details, as live) or a total count (the named contracts first, then
   * generated ones; generated on first use). @default `'named'`
   */
  contracts?: 'named' | 'live' | number
  /**
   * List dated futures (product type 2) too: `BTCUSDT_270326` among the named contracts and
   * some generated ones. Live deployments list none. @default `false`
   */
  datedFutures?: boolean
  /**
   * Accept faults whose answers live servers were never seen to send: the `server-error`
   * kind (HTTP 500 with code 50000). @default `false`
   */
  inventedFaults?: boolean
  /** When `true` the sandbox never writes to the console (not even unexpected errors). @default `false` */
  quiet?: boolean
  /** Receives one line per request (method, path, status, milliseconds); the CLI prints them. */
  log?: (line: string) => void
}

/** Options with every default applied and every value checked. */
export interface ResolvedOptions {
  port: number
  host: string
  seed: number | string
  now: () => number
  depthLevels: number
  rateLimit: boolean
  /** The budget of each endpoint path: the override, else the table's. */
  budgetOf: (path: EndpointPath) => RateLimitBudget
  rateLimitClock: () => number
  rateLimitHeaderNames: RateLimitHeaderNames
  /** The signed mode's keys; an empty list when not in signed mode. */
  credentials: readonly Credentials[]
  frozenApiKeys: ReadonlySet<string>
  endpointAuth: 'table' | 'SIGNED'
  signatureWindowMs: number
  getBodyRule: GetBodyRule
  headerNames: HeaderNames
  quirks: boolean
  /** Allowed origins: every one (`'*'`), a list, or CORS off. */
  cors: '*' | readonly string[] | false
  /** Contracts in the catalog: `'named'` or a total count. */
  contracts: 'named' | number
  datedFutures: boolean
  inventedFaults: boolean
  quiet: boolean
  log: ((line: string) => void) | undefined
}

/** Most order-book levels per side the sandbox serves. */
const MAX_DEPTH_LEVELS = 1000

/** Contracts of the `'live'` catalog, about as many as a live deployment lists. */
const LIVE_CATALOG_SIZE = 1200

/** Largest catalog the sandbox generates. */
const MAX_CATALOG_SIZE = 20_000

function checkContracts(value: unknown): ResolvedOptions['contracts'] {
  if (value === undefined || value === 'named') return 'named'
  if (value === 'live') return LIVE_CATALOG_SIZE
  return integerIn('contracts', value, 1, MAX_CATALOG_SIZE)
}

function checkEndpointAuth(value: unknown, signed: boolean): ResolvedOptions['endpointAuth'] {
  if (value === undefined || value === 'table') return 'table'
  if (value !== 'SIGNED') throw new TypeError(`endpointAuth must be 'table' or 'SIGNED'`)
  if (!signed) throw new TypeError(`endpointAuth 'SIGNED' needs credentials`)
  return value
}

/**
 * Applies defaults and checks every option.
 *
 * @throws {RangeError | TypeError} for an option out of range or of the wrong type.
 */
export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const seed = options.seed ?? 1
  if (typeof seed === 'number' ? !Number.isFinite(seed) : typeof seed !== 'string') {
    throw new TypeError(`seed must be a finite number or a string, got ${String(seed)}`)
  }
  const getBodyRule = options.getBodyRule ?? 'query'
  if (getBodyRule !== 'query' && getBodyRule !== 'empty') {
    throw new TypeError(`getBodyRule must be 'query' or 'empty', got ${String(getBodyRule)}`)
  }
  const windowMs = options.signatureWindowMs ?? 30_000
  if (typeof windowMs !== 'number' || !Number.isFinite(windowMs) || windowMs < 0) {
    throw new RangeError(`signatureWindowMs must be a non-negative number, got ${String(windowMs)}`)
  }
  const credentials = checkCredentials(options.credentials)
  return {
    port: integerIn('port', options.port ?? 0, 0, 65_535),
    host: options.host ?? '127.0.0.1',
    seed,
    now: clockOption('now', options.now, Date.now),
    depthLevels: integerIn('depthLevels', options.depthLevels ?? 50, 1, MAX_DEPTH_LEVELS),
    rateLimit: booleanOption('rateLimit', options.rateLimit, true),
    budgetOf: checkBudgets(options.rateLimitBudgets),
    rateLimitClock: clockOption('rateLimitClock', options.rateLimitClock, Date.now),
    rateLimitHeaderNames: checkRateLimitHeaders(
      options.rateLimitHeaderPrefix,
      options.rateLimitHeaderNames,
    ),
    credentials: credentials ?? [],
    frozenApiKeys: checkFrozenKeys(options.frozenApiKeys, credentials),
    endpointAuth: checkEndpointAuth(options.endpointAuth, credentials !== undefined),
    signatureWindowMs: windowMs,
    getBodyRule,
    headerNames: checkHeaderNames(options.headerNames),
    quirks: booleanOption('quirks', options.quirks, true),
    cors: checkCors(options.cors),
    contracts: checkContracts(options.contracts),
    datedFutures: booleanOption('datedFutures', options.datedFutures, false),
    inventedFaults: booleanOption('inventedFaults', options.inventedFaults, false),
    quiet: options.quiet ?? false,
    log: options.log,
  }
}
