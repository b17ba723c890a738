/**
 * Options of {@link startSandbox} and their validation.
 *
 * @module
 */
import { type EndpointPath, endpointPaths, endpoints, type RateLimitBudget } from '@perpkit/schemas'

/**
 * API credentials the sandbox accepts in signed mode.
 *
 * @example
 * ```ts
 * const credentials: SandboxCredentials = { apiKey: 'test-key', secret: 'test-secret', memo: 'test-memo' }
 * ```
 */
export interface SandboxCredentials {
  /** The API access key, sent by clients in `X-API-KEY`. */
  apiKey: string
  /** The API secret: the HMAC key. */
  secret: string
  /** The memo chosen with the key, part of every signed message. */
  memo: string
}

/**
 * A request budget: at most `limit` requests per `windowMs` milliseconds.
 *
 * @example
 * ```ts
 * const fast: SandboxRateLimitBudget = { limit: 12, windowMs: 100 }
 * ```
 */
export interface SandboxRateLimitBudget {
  /** Requests allowed per window. */
  limit: number
  /** Window length in milliseconds. */
  windowMs: number
}

/**
 * Options of {@link startSandbox}. Every field is optional.
 *
 * @example
 * ```ts
 * const options: SandboxOptions = { seed: 7, now: () => Date.UTC(2026, 0, 1), rateLimit: true }
 * ```
 */
export interface SandboxOptions {
  /** TCP port; `0` picks a free one. @defaultValue `0` */
  port?: number
  /** Interface to listen on. @defaultValue `'127.0.0.1'` */
  host?: string
  /** Seed of the market: the same seed and the same request give the same answer. @defaultValue `1` */
  seed?: number | string
  /** The sandbox clock in epoch ms (pin it in tests). @defaultValue `Date.now` */
  now?: () => number
  /** Order-book levels per side, 1 to 1000. @defaultValue `50` */
  depthLevels?: number
  /** Enforce the endpoint table's per-IP budgets (429, then 418) and send rate-limit headers. @defaultValue `false` */
  rateLimit?: boolean
  /**
   * Budgets that replace the endpoint table's for some paths (keys are endpoint paths of the
   * table), e.g. a 100 ms window so rate-limit tests run fast. Only used with `rateLimit`.
   */
  rateLimitBudgets?: Partial<Record<string, SandboxRateLimitBudget>>
  /** Prefix of the rate-limit headers: `<prefix>-RateLimit-Limit` and so on. @defaultValue `'X-PK'` */
  rateLimitHeaderPrefix?: string
  /** When set, every endpoint requires signed headers from one of these credentials. */
  credentials?: SandboxCredentials | SandboxCredentials[]
  /** Largest accepted distance between a signed request's timestamp and the clock, in ms. @defaultValue `30_000` */
  signatureWindowMs?: number
  /** What GET requests sign: the query string (the spec) or the empty string. @defaultValue `'query'` */
  getBodyRule?: 'query' | 'empty'
  /** When `true` the sandbox never writes to the console (not even unexpected errors). @defaultValue `false` */
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
  credentials: SandboxCredentials[] | undefined
  signatureWindowMs: number
  getBodyRule: 'query' | 'empty'
  quiet: boolean
  log: ((line: string) => void) | undefined
}

/** Most order-book levels per side the sandbox serves. */
export const MAX_DEPTH_LEVELS = 1000

function checkBudgets(
  value: Partial<Record<string, SandboxRateLimitBudget>> | undefined,
): (path: EndpointPath) => RateLimitBudget {
  const overrides = new Map<string, RateLimitBudget>()
  for (const [path, budget] of Object.entries(value ?? {})) {
    if (!(endpointPaths as readonly string[]).includes(path)) {
      throw new TypeError(`rateLimitBudgets: ${path} is not an endpoint path of the table`)
    }
    if (budget === undefined) continue
    overrides.set(path, {
      limit: integerIn(`rateLimitBudgets['${path}'].limit`, budget.limit, 1, 1_000_000),
      windowMs: integerIn(`rateLimitBudgets['${path}'].windowMs`, budget.windowMs, 1, 86_400_000),
    })
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

function checkCredentials(value: unknown): SandboxCredentials[] | undefined {
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
    quiet: options.quiet ?? false,
    log: options.log,
  }
}
