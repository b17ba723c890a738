/**
 * Finding the secrets of an API key: in the `credentials` given, or through a `lookup`
 * that may be async, bounded by a timeout when `verifyRequest` asks for it.
 *
 * @module
 */
import {
  assertCredentials,
  assertSecrets,
  type CredentialSecrets,
  type Credentials,
} from './credentials.ts'
import { settleWithin } from './settle-within.ts'
import type { CredentialsLookup, KeySecrets, VerifyParameters } from './verify-options.ts'

function checkFound(found: KeySecrets | undefined): KeySecrets | undefined {
  if (found === undefined) return undefined
  if (isSecretList(found)) {
    for (const [index, entry] of found.entries()) {
      assertSecrets(entry, `lookup(apiKey) result[${index}]`)
    }
    return found.length === 0 ? undefined : found
  }
  assertSecrets(found, 'lookup(apiKey) result')
  return found
}

export function isSecretList(found: KeySecrets): found is readonly CredentialSecrets[] {
  return Array.isArray(found)
}

/** The entries of a credentials list that belong to `apiKey`. */
function credentialsFor(list: readonly Credentials[], apiKey: string): KeySecrets | undefined {
  const matching = list.filter((entry) => {
    assertCredentials(entry, 'credentials[]')
    return entry.apiKey === apiKey
  })
  if (matching.length === 0) return undefined
  return matching.length === 1 ? matching[0] : matching
}

/** What a guarded lookup gives instead of secrets when it failed or took too long. */
export const lookupFailed: unique symbol = Symbol('lookup failed')

/**
 * The key's secrets; a promise only when an async lookup returned one (no await otherwise).
 * With a guard, a lookup that throws, rejects, passes the timeout or answers something that
 * is no key's secrets gives `lookupFailed` (the error goes to `guard.onError`); without one,
 * its error propagates.
 */
export function findSecrets(
  parameters: VerifyParameters,
  apiKey: string,
  guard: LookupGuard | undefined,
):
  | KeySecrets
  | undefined
  | typeof lookupFailed
  | Promise<KeySecrets | undefined | typeof lookupFailed> {
  const { credentials } = parameters
  if (credentials !== undefined) {
    if (isCredentialsList(credentials)) return credentialsFor(credentials, apiKey)
    return credentials.apiKey === apiKey ? credentials : undefined
  }
  if (guard === undefined) {
    const found = parameters.lookup(apiKey)
    return found instanceof Promise ? found.then(checkFound) : checkFound(found)
  }
  let found: ReturnType<CredentialsLookup>
  try {
    found = parameters.lookup(apiKey)
  } catch (error) {
    guard.onError(error)
    return lookupFailed
  }
  if (!(found instanceof Promise)) return checkGuarded(found, guard)
  return settleWithin(found, guard.timeoutMs, 'lookup').then((settled) => {
    if (settled.ok) return checkGuarded(settled.value, guard)
    guard.onError(settled.error)
    return lookupFailed
  })
}

/**
 * A guarded lookup's answer, checked: one that is no key's secrets (a stored row whose secret
 * is `null` or empty, say) is a failure of the lookup like a throw, never a rejection of the
 * verifier that any caller naming that key could trigger.
 */
function checkGuarded(
  found: KeySecrets | undefined,
  guard: LookupGuard,
): KeySecrets | undefined | typeof lookupFailed {
  try {
    return checkFound(found)
  } catch (error) {
    guard.onError(error)
    return lookupFailed
  }
}

export function isCredentialsList(
  credentials: Credentials | readonly Credentials[],
): credentials is readonly Credentials[] {
  return Array.isArray(credentials)
}

/** How {@link verifyCore} bounds the lookup for `verifyRequest`: a timeout and an error sink. */
export interface LookupGuard {
  /** Longest wait for an async lookup, in ms (`Infinity`: no limit). */
  readonly timeoutMs: number
  /** Receives what the lookup threw, or the timeout error. */
  readonly onError: (error: unknown) => void
}
