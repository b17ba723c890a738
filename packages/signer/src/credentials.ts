import { SignerError } from './errors.ts'
import { defineRedactedView, redactedText } from './redact.ts'

/**
 * The three items of an API credential. Plain objects work everywhere; objects made by
 * {@link createCredentials} are also validated once, frozen and print redacted.
 *
 * @example
 * ```ts
 * import type { Credentials } from '@perpkit/signer'
 *
 * const credentials: Credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
 * ```
 */
export interface Credentials {
  /** The API access key, sent in the key header (`X-API-KEY`); not a secret. */
  readonly apiKey: string
  /** The API secret key: the HMAC key. Never sent, never printed. */
  readonly secret: string
  /**
   * The memo chosen when the API key was created (not an account id): signed, never sent,
   * never printed.
   */
  readonly memo: string
}

/**
 * The part of {@link Credentials} a verifier looks up by API key.
 *
 * @example
 * ```ts
 * import type { CredentialSecrets } from '@perpkit/signer'
 *
 * const keys = new Map<string, CredentialSecrets>([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * ```
 */
export interface CredentialSecrets {
  /** The API secret key of the looked-up API key. */
  readonly secret: string
  /** The memo of the looked-up API key. */
  readonly memo: string
}

const fieldHints = {
  apiKey: 'Pass the API access key.',
  secret: 'Pass the API secret shown when the API key was created.',
  memo: 'Pass the memo chosen when the API key was created (not an account id).',
} as const

// Visible ASCII only: anything else cannot travel in an HTTP header or is a copy-paste slip.
const headerSafe = /^[\x21-\x7e]+$/

// Objects made by createCredentials: frozen and validated, so they skip re-validation.
const validated = new WeakSet<object>()

function describeType(value: unknown): string {
  if (value === null) return 'null'
  return Array.isArray(value) ? 'an array' : typeof value
}

/**
 * Asserts that a credential field is a non-empty string. The message names the field, never
 * its value.
 */
export function assertCredentialField(
  value: unknown,
  field: keyof typeof fieldHints,
  path: string,
): asserts value is string {
  if (typeof value !== 'string') {
    throw new SignerError(
      'invalid-credentials',
      `${path} must be a string, got ${describeType(value)}. ${fieldHints[field]}`,
    )
  }
  if (value.length === 0) {
    throw new SignerError('invalid-credentials', `${path} is empty. ${fieldHints[field]}`)
  }
  if (field === 'apiKey' && !headerSafe.test(value)) {
    throw new SignerError(
      'invalid-credentials',
      `${path} contains a space, control or non-ASCII character, which cannot be sent in an ` +
        'HTTP header. Check for a stray newline, space or quote around the key.',
    )
  }
}

/** Asserts that `value` is an object holding a usable API key. */
export function assertApiKey(value: unknown, path: string): asserts value is { apiKey: string } {
  if (typeof value !== 'object' || value === null) {
    throw new SignerError(
      'invalid-credentials',
      `${path} must be an object { apiKey, secret, memo }, got ${describeType(value)}.`,
    )
  }
  if (validated.has(value)) return
  assertCredentialField((value as Partial<Credentials>).apiKey, 'apiKey', `${path}.apiKey`)
}

/** Asserts that `value` is an object holding a usable secret and memo. */
export function assertSecrets(value: unknown, path: string): asserts value is CredentialSecrets {
  if (typeof value !== 'object' || value === null) {
    throw new SignerError(
      'invalid-credentials',
      `${path} must be an object { secret, memo }, got ${describeType(value)}.`,
    )
  }
  if (validated.has(value)) return
  assertCredentialField((value as Partial<Credentials>).secret, 'secret', `${path}.secret`)
  assertCredentialField((value as Partial<Credentials>).memo, 'memo', `${path}.memo`)
}

/** Asserts that `value` is a complete, usable {@link Credentials} object. */
export function assertCredentials(value: unknown, path: string): asserts value is Credentials {
  assertApiKey(value, path)
  assertSecrets(value, path)
}

/**
 * Validates credentials and returns a frozen copy that never reveals its secret or memo when
 * printed: `JSON.stringify`, `String()`, template literals, `console.log` / `util.inspect`
 * (Node, Bun, Deno) all show `secret: '[redacted]', memo: '[redacted]'`. `secret` and `memo`
 * are readable but non-enumerable, so `Object.keys`, `Object.entries` and `{ ...spread }` see
 * only `apiKey`: build a modified copy with `createCredentials({ ...fields })`, not a spread.
 * Validating once also lets every later call skip re-validation.
 *
 * Plain `{ apiKey, secret, memo }` objects are accepted everywhere too; this only adds the
 * redaction and the up-front check.
 *
 * @param input - The API key, secret and memo.
 * @returns A frozen {@link Credentials} object that prints redacted.
 * @throws {SignerError} `'invalid-credentials'` if a field is missing, empty or not a string
 *   (the message names the field, never its value), or if the API key holds characters that
 *   cannot be sent in an HTTP header.
 *
 * @example
 * ```ts
 * import { createCredentials } from '@perpkit/signer'
 *
 * const credentials = createCredentials({
 *   apiKey: process.env.PERP_API_KEY ?? '',
 *   secret: process.env.PERP_API_SECRET ?? '',
 *   memo: process.env.PERP_API_MEMO ?? '',
 * })
 * console.log(credentials)
 * // Credentials { apiKey: '…', secret: '[redacted]', memo: '[redacted]' }
 * JSON.stringify(credentials) // '{"apiKey":"…","secret":"[redacted]","memo":"[redacted]"}'
 * ```
 */
export function createCredentials(input: Credentials): Credentials {
  assertCredentials(input, 'credentials')
  const { apiKey, secret, memo } = input
  const credentials = {} as Credentials
  Object.defineProperties(credentials, {
    apiKey: { value: apiKey, enumerable: true },
    secret: { value: secret, enumerable: false },
    memo: { value: memo, enumerable: false },
  })
  defineRedactedView(credentials, 'Credentials', () => ({
    apiKey,
    secret: redactedText,
    memo: redactedText,
  }))
  validated.add(Object.freeze(credentials))
  return credentials
}
