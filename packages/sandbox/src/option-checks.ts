/**
 * Checks of single options, each turning what a caller passed into what the
 * sandbox uses or throwing a `RangeError` / `TypeError` that names the option.
 *
 * @module
 */
import {
  checkRateLimitBudget,
  DEFAULT_RATE_LIMIT_HEADER_PREFIX,
  type EndpointPath,
  endpointPaths,
  endpoints,
  type RATE_LIMIT_HEADERS,
  type RateLimitBudget,
  rateLimitHeaderNames,
} from '@perpkit/schemas'
import { type Credentials, defaultHeaderNames, type HeaderNames } from '@perpkit/signer'

/** A header name as HTTP defines it (a token). */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * The full names of the four rate-limit headers, by role.
 *
 * @example
 * ```ts
 * const names: RateLimitHeaderNames = {
 *   limit: 'X-BM-RateLimit-Limit',
 *   remaining: 'X-BM-RateLimit-Remaining',
 *   reset: 'X-BM-RateLimit-Reset',
 *   mode: 'X-BM-RateLimit-Mode',
 * }
 * ```
 */
export type RateLimitHeaderNames = Record<keyof typeof RATE_LIMIT_HEADERS, string>

/** `value` if it is an integer from `min` to `max`; a `RangeError` naming `name` otherwise. */
export function integerIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`)
  }
  return value
}

/** A function, or the default; a `TypeError` naming `name` otherwise. */
export function clockOption(name: string, value: unknown, fallback: () => number): () => number {
  if (value === undefined) return fallback
  if (typeof value !== 'function')
    throw new TypeError(`${name} must be a function returning epoch ms`)
  return value as () => number
}

/** `value` as a boolean, or the default; a `TypeError` naming `name` otherwise. */
export function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be true or false`)
  return value
}

/** The budget of each endpoint path: an override, else the table's. */
export function checkBudgets(
  value: { [P in EndpointPath]?: RateLimitBudget } | undefined,
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

/**
 * The rate-limit header names: `<prefix>-RateLimit-Limit` and so on, each
 * replaceable by a full name of its own.
 */
export function checkRateLimitHeaders(
  prefix: unknown,
  names: Partial<RateLimitHeaderNames> | undefined,
): RateLimitHeaderNames {
  const chosen = prefix ?? DEFAULT_RATE_LIMIT_HEADER_PREFIX
  if (typeof chosen !== 'string' || !TOKEN.test(chosen)) {
    throw new TypeError(`rateLimitHeaderPrefix must be a header token, got ${String(chosen)}`)
  }
  if (chosen.startsWith('-') || chosen.endsWith('-')) {
    // `X-BM-` would name `X-BM--RateLimit-Limit`: the hyphen before RateLimit is added.
    throw new TypeError(
      `rateLimitHeaderPrefix is what comes before "-RateLimit-", without a hyphen at either end (X-BM gives X-BM-RateLimit-Limit), got ${chosen}`,
    )
  }
  const resolved = { ...rateLimitHeaderNames(chosen) }
  for (const [role, name] of Object.entries(names ?? {})) {
    if (!Object.hasOwn(resolved, role)) {
      throw new TypeError(
        `rateLimitHeaderNames: ${role} is not one of ${Object.keys(resolved).join(', ')}`,
      )
    }
    if (name === undefined) continue
    if (typeof name !== 'string' || !TOKEN.test(name)) {
      throw new TypeError(
        `rateLimitHeaderNames.${role} must be a header token, got ${String(name)}`,
      )
    }
    resolved[role as keyof RateLimitHeaderNames] = name
  }
  if (new Set(Object.values(resolved).map((n) => n.toLowerCase())).size !== 4) {
    throw new TypeError('rateLimitHeaderNames must name four different headers')
  }
  return resolved
}

/** Credentials as a list (signed mode), or `undefined`. */
export function checkCredentials(value: unknown): Credentials[] | undefined {
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

/** Frozen keys: each must be the key of one of the credentials (its signature still counts). */
export function checkFrozenKeys(
  value: unknown,
  credentials: readonly Credentials[] | undefined,
): ReadonlySet<string> {
  if (value === undefined) return new Set()
  if (!Array.isArray(value) || !value.every((key) => typeof key === 'string')) {
    throw new TypeError('frozenApiKeys must be a list of API keys')
  }
  const known = new Set(credentials?.map((c) => c.apiKey))
  for (const key of value as string[]) {
    if (!known.has(key)) {
      throw new TypeError(`frozenApiKeys: ${JSON.stringify(key)} is not the apiKey of credentials`)
    }
  }
  return new Set(value as string[])
}

/** The signing header names, the defaults filled in. */
export function checkHeaderNames(value: Partial<HeaderNames> | undefined): HeaderNames {
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

/** Allowed origins: every one (`'*'`), a list, or CORS off. */
export function checkCors(value: unknown): '*' | readonly string[] | false {
  if (value === undefined || value === true) return '*'
  if (value === false) return false
  if (Array.isArray(value) && value.every((origin) => typeof origin === 'string')) {
    return [...value]
  }
  throw new TypeError('cors must be true, false or a list of origins')
}
