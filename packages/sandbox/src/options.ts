/**
 * Options of {@link startSandbox} and their validation.
 *
 * @module
 */
import {
  checkRateLimitBudget,
  type EndpointPath,
  endpointPaths,
  endpoints,
  type RateLimitBudget,
} from '@perpkit/schemas'
import {
  type Credentials,
  defaultHeaderNames,
  type GetBodyRule,
  type HeaderNames,
} from '@perpkit/signer'

/**
 * Options of {@link startSandbox}. Every field is optional.
 *
 * @example
 * ```ts
 * const options: SandboxOptions = { seed: 7, now: () => Date.UTC(2026, 0, 1), rateLimit: true }
 * ```
 */
export interface SandboxOptions {
  /** TCP port; `0` picks a free one. @default `0` */
  port?: number
  /** Interface to listen on. @default `'127.0.0.1'` */
  host?: string
  /** Seed of the market: the same seed and the same request give the same answer. @default `1` */
  seed?: number | string
  /** The sandbox clock in epoch ms (pin it in tests). @default `Date.now` */
  now?: () => number
  /** Order-book levels per side, 1 to 1000. @default `50` */
  depthLevels?: number
  /** Enforce the endpoint table's per-IP budgets (429, then 418) and send rate-limit headers. @default `false` */
  rateLimit?: boolean
  /**
   * Budgets that replace the endpoint table's for some paths (keys are endpoint paths of the
   * table), e.g. a 100 ms window so rate-limit tests run fast. Only used with `rateLimit`.
   */
  rateLimitBudgets?: { [P in EndpointPath]?: RateLimitBudget }
  /**
   * Prefix of the rate-limit headers: `<prefix>-RateLimit-Limit` and so on. Choose the
   * prefix of the deployment to mirror (e.g. `'X-BM'` for BitMart's). @default `'X-PK'`
   */
  rateLimitHeaderPrefix?: string
  /** When set, every endpoint requires signed headers from one of these credentials. */
  credentials?: Credentials | Credentials[]
  /** Largest accepted distance between a signed request's timestamp and the clock, in ms. @default `30_000` */
  signatureWindowMs?: number
  /** What GET requests sign: the query string (the spec) or the empty string. @default `'query'` */
  getBodyRule?: GetBodyRule
  /** Names of the signing headers in signed mode (and in CORS preflights). @default `X-API-KEY`, `X-API-SIGN`, `X-API-TIMESTAMP` */
  headerNames?: Partial<HeaderNames>
  /**
   * Live quirks (candles stamped a second late, `"OK"` or `"Ok"`, `funding_time` as a
   * number or a string, extra fields, live number formats, thin and empty books, ...),
   * deterministic from the seed. `false` gives the clean mode. @default `true`
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
  rateLimitHeaderPrefix: string
  credentials: Credentials[] | undefined
  signatureWindowMs: number
  getBodyRule: GetBodyRule
  headerNames: HeaderNames
  quirks: boolean
  /** Allowed origins: every one (`'*'`), a list, or CORS off. */
  cors: '*' | readonly string[] | false
  /** Contracts in the catalog: `'named'` or a total count. */
  contracts: 'named' | number
  quiet: boolean
  log: ((line: string) => void) | undefined
}

/** Most order-book levels per side the sandbox serves. */
const MAX_DEPTH_LEVELS = 1000

/** Contracts of the `'live'` catalog, about as many as a live deployment lists. */
const LIVE_CATALOG_SIZE = 1200

/** Largest catalog the sandbox generates. */
const MAX_CATALOG_SIZE = 20_000

function checkBudgets(
  value: SandboxOptions['rateLimitBudgets'],
): (path: EndpointPath) => RateLimitBudget {
  const overrides = new Map<string, RateLimitBudget>()
  for (const [path, budget] of Object.entries(value ?? {})) {
    if (!(endpointPaths as readonly string[]).includes(path)) {
      throw new TypeError(`rateLimitBudgets: ${path} is not an endpoint path of the table`)
    }
    if (budget === undefined) continue
    overrides.set(path, checkRateLimitBudget(budget, `rateLimitBudgets['${path}']`))
  }
  return (path) => overrides.get(path) ?? endpoints[path].rateLimit
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

function integerIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`)
  }
  return value
}

function checkCredentials(value: unknown): Credentials[] | undefined {
  if (value === undefined) return undefined
  const list: unknown[] = Array.isArray(value) ? value : [value]
  if (list.length === 0) throw new TypeError('credentials must not be an empty array')
  return list.map((entry, i) => {
    const c = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>
    for (const field of ['apiKey', 'secret', 'memo'] as const) {
      if (typeof c[field] !== 'string' || c[field] === '') {
        throw new TypeError(`credentials[${i}].${field} must be a non-empty string`)
      }
    }
    return { apiKey: c.apiKey as string, secret: c.secret as string, memo: c.memo as string }
  })
}

function checkHeaderNames(value: Partial<HeaderNames> | undefined): HeaderNames {
  const names = { ...defaultHeaderNames, ...value }
  for (const [role, name] of Object.entries(names)) {
    if (typeof name !== 'string' || !TOKEN.test(name)) {
      throw new TypeError(`headerNames.${role} must be a header token, got ${String(name)}`)
    }
  }
  if (new Set(Object.values(names).map((n) => n.toLowerCase())).size !== 3) {
    throw new TypeError('headerNames must name three different headers')
  }
  return names
}

function checkCors(value: unknown): ResolvedOptions['cors'] {
  if (value === undefined || value === true) return '*'
  if (value === false) return false
  if (Array.isArray(value) && value.every((origin) => typeof origin === 'string')) {
    return [...value]
  }
  throw new TypeError('cors must be true, false or a list of origins')
}

function checkContracts(value: unknown): ResolvedOptions['contracts'] {
  if (value === undefined || value === 'named') return 'named'
  if (value === 'live') return LIVE_CATALOG_SIZE
  return integerIn('contracts', value, 1, MAX_CATALOG_SIZE)
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
  const prefix = options.rateLimitHeaderPrefix ?? 'X-PK'
  if (!TOKEN.test(prefix))
    throw new TypeError(`rateLimitHeaderPrefix must be a header token, got ${prefix}`)
  const getBodyRule = options.getBodyRule ?? 'query'
  if (getBodyRule !== 'query' && getBodyRule !== 'empty') {
    throw new TypeError(`getBodyRule must be 'query' or 'empty', got ${String(getBodyRule)}`)
  }
  const windowMs = options.signatureWindowMs ?? 30_000
  if (typeof windowMs !== 'number' || !Number.isFinite(windowMs) || windowMs < 0) {
    throw new RangeError(`signatureWindowMs must be a non-negative number, got ${String(windowMs)}`)
  }
  const now = options.now ?? Date.now
  if (typeof now !== 'function') throw new TypeError('now must be a function returning epoch ms')
  return {
    port: integerIn('port', options.port ?? 0, 0, 65_535),
    host: options.host ?? '127.0.0.1',
    seed,
    now,
    depthLevels: integerIn('depthLevels', options.depthLevels ?? 50, 1, MAX_DEPTH_LEVELS),
    rateLimit: options.rateLimit ?? false,
    budgetOf: checkBudgets(options.rateLimitBudgets),
    rateLimitHeaderPrefix: prefix,
    credentials: checkCredentials(options.credentials),
    signatureWindowMs: windowMs,
    getBodyRule,
    headerNames: checkHeaderNames(options.headerNames),
    quirks: options.quirks ?? true,
    cors: checkCors(options.cors),
    contracts: checkContracts(options.contracts),
    quiet: options.quiet ?? false,
    log: options.log,
  }
}
