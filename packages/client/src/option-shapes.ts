/**
 * Checks of the client's structured options (credentials, header names,
 * headers, hooks, a rate-limit store), in the one style of `option-checks.ts`:
 * a one-line {@link OptionError} naming the option, thrown by `createClient`,
 * so a typo fails at start-up and not on the first call. Secrets are never
 * shown: a credential's refusal names the field and the kind of value only,
 * and a header's names the header, not its value.
 *
 * @module
 */
import type { Credentials, HeaderNames } from '@perpkit/signer'
import { OptionError } from './errors/option.ts'
import {
  checkFunction,
  checkObject,
  checkSecretString,
  describeKind,
  invalidOption,
} from './option-checks.ts'
import type { RateLimitStore } from './rate-limit-store.ts'
import type { ClientHooks } from './user-code.ts'

/** A header name: an HTTP token (RFC 9110). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * `credentials`: an object whose `apiKey`, `secret` and `memo` are non-empty strings.
 *
 * @param value - The option.
 * @returns The credentials, or `undefined` when left out.
 * @throws {@link OptionError} naming the field, never showing its value.
 */
export function checkCredentials(value: unknown): Credentials | undefined {
  if (value === undefined) return undefined
  const given = checkObject('credentials', value, '{ apiKey, secret, memo }')
  for (const field of ['apiKey', 'secret', 'memo'] as const) {
    checkSecretString(`credentials.${field}`, given[field])
  }
  return value as Credentials
}

/** The signing roles whose header names can be changed. */
const HEADER_ROLES = ['apiKey', 'signature', 'timestamp'] as const

/**
 * `headerNames`: some of `apiKey`, `signature`, `timestamp`, each an HTTP
 * header name (the signer refuses two roles with one name when it signs).
 *
 * @param value - The option.
 * @returns The names, or `undefined` when left out.
 * @throws {@link OptionError} for another key, or a name that is no header name.
 */
export function checkHeaderNames(value: unknown): Partial<HeaderNames> | undefined {
  if (value === undefined) return undefined
  const names = checkObject('headerNames', value, 'an object')
  for (const [role, name] of Object.entries(names)) {
    // A misspelt role (`key`) would be ignored, and the default name sent instead.
    if (
      !(HEADER_ROLES as readonly string[]).includes(role) ||
      typeof name !== 'string' ||
      !TOKEN.test(name)
    ) {
      throw invalidOption(
        `headerNames.${role}`,
        'a header name for apiKey, signature or timestamp',
        name,
      )
    }
  }
  return names as Partial<HeaderNames>
}

/**
 * `headers`: an object of string values that HTTP can carry.
 *
 * @param value - The option.
 * @returns The headers (`{}` when left out).
 * @throws {@link OptionError} naming the header, never showing its value.
 */
export function checkHeaders(value: unknown): Record<string, string> {
  if (value === undefined) return {}
  const headers = checkObject('headers', value, 'an object of header names to strings')
  for (const [name, text] of Object.entries(headers)) {
    if (!TOKEN.test(name)) throw invalidOption('headers', 'keyed by header names', name)
    const option = `headers[${JSON.stringify(name)}]`
    if (typeof text !== 'string') {
      throw new OptionError(option, `${option} must be a string, got ${describeKind(text)}`)
    }
    try {
      new Headers([[name, text]])
    } catch {
      throw new OptionError(
        option,
        `${option} must be a header value HTTP can carry (no line breaks or control characters)`,
      )
    }
  }
  return headers as Record<string, string>
}

/**
 * `hooks`: `beforeRequest` and `afterResponse`, each a list of functions.
 *
 * @param value - The option.
 * @returns The hooks (`{}` when left out).
 * @throws {@link OptionError} for another key, a list that is not one, or a hook that is not a function.
 */
export function checkHooks(value: unknown): ClientHooks {
  if (value === undefined) return {}
  const hooks = checkObject('hooks', value, '{ beforeRequest?, afterResponse? }')
  for (const [list, hooksOf] of Object.entries(hooks)) {
    if (list !== 'beforeRequest' && list !== 'afterResponse') {
      // ky's beforeRetry and beforeError never run: the client retries and builds errors itself.
      throw invalidOption('hooks', 'made of beforeRequest and afterResponse lists', list)
    }
    if (hooksOf === undefined) continue
    if (!Array.isArray(hooksOf))
      throw invalidOption(`hooks.${list}`, 'a list of functions', hooksOf)
    hooksOf.forEach((hook, i) => {
      checkFunction(`hooks.${list}[${i}]`, hook)
    })
  }
  return hooks as ClientHooks
}

/**
 * `rateLimit.store`: an object with `acquire`, `observe` and `block`.
 *
 * @param value - The store.
 * @returns The store, or `undefined` when left out.
 * @throws {@link OptionError} when it lacks one of them.
 */
export function checkStore(value: unknown): RateLimitStore | undefined {
  if (value === undefined) return undefined
  const store = checkObject(
    'rateLimit.store',
    value,
    'a RateLimitStore { acquire, observe, block }',
  )
  for (const method of ['acquire', 'observe', 'block'] as const) {
    checkFunction(`rateLimit.store.${method}`, store[method])
  }
  return value as RateLimitStore
}
