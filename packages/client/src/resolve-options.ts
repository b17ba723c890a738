/**
 * Resolving client options: every default applied and every value checked,
 * once, when the client is made.
 *
 * @module
 */
import type { RateLimitBudget } from '@perpkit/schemas/lite'
import { checkRateLimitBudget, endpointPaths } from '@perpkit/schemas/lite'
import { driftReporter } from './drift-report.ts'
import { OptionError } from './errors/option.ts'
import {
  checkFunction,
  checkInteger,
  checkObject,
  checkOneOf,
  checkPositiveMs,
  describeReceived,
  invalidOption,
} from './option-checks.ts'
import {
  checkCredentials,
  checkHeaderNames,
  checkHeaders,
  checkHooks,
  checkStore,
} from './option-shapes.ts'
import type { ClientOptions, RateLimitOptions, ResolvedOptions } from './options.ts'
import { processRateLimitStore } from './rate-limiter.ts'
import { DEFAULT_MAX_RESPONSE_BYTES } from './read-body.ts'
import { resolveRetry } from './retry.ts'
import { guardClock } from './user-code.ts'

function envBaseUrl(): string | undefined {
  // Read without importing node:process, so browsers load this module as is.
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env
  return env?.PERPKIT_BASE_URL
}

/**
 * Validates and completes the options. Every option is checked here, once:
 * a wrong one fails `createClient` with a one-line {@link OptionError} naming
 * it (credentials named, never shown), not the first call.
 *
 * @param options - What the user passed.
 * @returns The options every request reads.
 * @throws {@link OptionError} for a missing or malformed `baseUrl`, credentials
 *   that are not three non-empty strings, `auth` without credentials, a function
 *   option that is not a function, or any other option of the wrong shape.
 * @example
 * ```ts
 * resolveOptions({ baseUrl: 'http://127.0.0.1:8080/' }).baseUrl // 'http://127.0.0.1:8080'
 * ```
 */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new OptionError(
      'options',
      `createClient takes one options object ({ baseUrl, ... }), got ${describeReceived(options)}`,
    )
  }
  const url = checkBaseUrl(options.baseUrl ?? envBaseUrl())
  const timeout = checkPositiveMs('timeout', options.timeout ?? 10_000)
  const auth =
    options.auth === undefined
      ? undefined
      : checkOneOf('auth', options.auth, ['NONE', 'KEYED', 'SIGNED'] as const)
  const credentials = checkCredentials(options.credentials)
  if (auth !== undefined && auth !== 'NONE' && credentials === undefined) {
    throw new OptionError(
      'credentials',
      `auth '${auth}' needs credentials: pass { credentials: { apiKey, secret, memo } }`,
    )
  }
  const fn = <F>(name: keyof ClientOptions, value: F, expected?: string) =>
    value === undefined ? undefined : checkFunction(name, value, expected)
  const now = fn('now', options.now, 'a function returning epoch milliseconds')
  const onDrift = fn('onDrift', options.onDrift)
  const rateLimit = options.rateLimit
  if (rateLimit !== undefined && typeof rateLimit !== 'boolean') {
    checkObject('rateLimit', rateLimit, 'true, false or { budgets?, store? }')
  }
  return {
    baseUrl: url.href.replace(/\/+$/, ''),
    origin: url.origin,
    credentials,
    auth,
    timeout,
    retry: resolveRetry(options.retry),
    rateLimit: resolveRateLimit(rateLimit),
    rateLimitStore:
      (typeof rateLimit === 'object' ? checkStore(rateLimit.store) : undefined) ??
      processRateLimitStore,
    headers: checkHeaders(options.headers),
    fetch: fn('fetch', options.fetch, 'a fetch-compatible function'),
    maxResponseBytes: checkInteger(
      'maxResponseBytes',
      options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      1,
    ),
    hooks: checkHooks(options.hooks),
    headerNames: checkHeaderNames(options.headerNames),
    getBodyRule:
      options.getBodyRule === undefined
        ? 'query'
        : checkOneOf('getBodyRule', options.getBodyRule, ['query', 'empty'] as const),
    now: now === undefined ? Date.now : guardClock(now),
    reportDrift: onDrift === undefined ? undefined : driftReporter(onDrift),
  }
}

function checkBaseUrl(raw: unknown): URL {
  if (raw === undefined || raw === '') {
    throw new OptionError(
      'baseUrl',
      'createClient needs a baseUrl: pass { baseUrl } or set PERPKIT_BASE_URL (for local work, start a sandbox: startSandbox() from @perpkit/sandbox)',
    )
  }
  if (typeof raw !== 'string') throw invalidOption('baseUrl', 'a URL string', raw)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OptionError('baseUrl', `baseUrl is not a valid URL: ${JSON.stringify(raw)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OptionError('baseUrl', `baseUrl must be http(s), got ${JSON.stringify(url.protocol)}`)
  }
  // User info (fetch refuses such URLs), a query or a fragment (the paths appended to the base
  // URL would land in it). The URL is not shown: its user info may hold a password.
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(raw)) {
    throw new OptionError(
      'baseUrl',
      'baseUrl must not carry a user name, password, query string or fragment: pass credentials, headers or query instead',
    )
  }
  return url
}

function resolveRateLimit(
  option: boolean | RateLimitOptions | undefined,
): ResolvedOptions['rateLimit'] {
  if (option === false) return false
  if (option === undefined || option === true) return {}
  if (option.budgets === undefined) return {}
  const budgets = checkObject(
    'rateLimit.budgets',
    option.budgets,
    'an object keyed by endpoint paths',
  )
  for (const [path, budget] of Object.entries(budgets)) {
    if (!(endpointPaths as readonly string[]).includes(path)) {
      throw invalidOption('rateLimit.budgets', 'keyed by endpoint paths of the table', path)
    }
    checkBudget(`rateLimit.budgets['${path}']`, budget)
  }
  return option.budgets
}

/**
 * A rate-limit budget, by the one rule of `@perpkit/schemas` (`checkRateLimitBudget`).
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @returns The budget.
 * @throws {@link OptionError} with the rule's one-line message.
 */
function checkBudget(name: string, value: unknown): RateLimitBudget {
  try {
    return checkRateLimitBudget(value, name)
  } catch (error) {
    throw new OptionError(name, (error as Error).message)
  }
}
