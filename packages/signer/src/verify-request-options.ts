import type { Credentials } from './credentials.ts'
import { SignerError } from './errors.ts'
import { defaultMaxBodyBytes } from './read-body.ts'
import { createMemoryReplayStore, type ReplayStore } from './replay-store.ts'
import type { CredentialsLookup, VerifyOptions } from './verify.ts'

/**
 * What {@link CredentialsLookupWithStatus} returns for a known key: its secret and memo, and
 * optionally `frozen: true` for a key that exists but may not be used (`'frozen-key'`, 30003)
 * and a `label` that names this secret in the result (`secretLabel`) during a roll-over.
 *
 * @example
 * ```ts
 * import type { KeyRecord } from '@perpkit/signer'
 *
 * const record: KeyRecord = { secret: 'my-secret', memo: 'my-memo', frozen: false, label: '2026-07' }
 * ```
 */
export interface KeyRecord {
  /** The API secret. */
  readonly secret: string
  /** The memo of the key. */
  readonly memo: string
  /** The key exists but is frozen. @default false */
  readonly frozen?: boolean | undefined
  /**
   * A name for this secret, handed back as `secretLabel` when it is the one that matched (for
   * logs and metrics during a roll-over). Never the secret itself.
   */
  readonly label?: string | undefined
}

/**
 * Finds a key's {@link KeyRecord}, or `undefined` for an unknown key. May be async. While a
 * key rolls over to a new secret, return its records in a list (new and old, each with its
 * memo): a signature made with any of them verifies, and `secretIndex` / `secretLabel` of the
 * result say which one matched.
 *
 * @example
 * ```ts
 * import type { CredentialsLookupWithStatus } from '@perpkit/signer'
 *
 * const keys = new Map([
 *   ['my-key', [
 *     { secret: 'new-secret', memo: 'my-memo', label: 'new' },
 *     { secret: 'old-secret', memo: 'my-memo', label: 'old' },
 *   ]],
 *   ['frozen-key', [{ secret: 'other-secret', memo: 'other-memo', frozen: true }]],
 * ])
 * const lookup: CredentialsLookupWithStatus = async (apiKey) => keys.get(apiKey)
 * ```
 */
export type CredentialsLookupWithStatus = (
  apiKey: string,
) =>
  | KeyRecord
  | readonly KeyRecord[]
  | undefined
  | Promise<KeyRecord | readonly KeyRecord[] | undefined>

/**
 * What {@link VerifyRequestOptions.onUnavailable} receives: which dependency failed, and its
 * error (what the lookup or store threw or rejected with, or a {@link SignerError} with code
 * `'timeout'`). The request was refused with 503 and 30014.
 *
 * @example
 * ```ts
 * import type { UnavailableEvent } from '@perpkit/signer'
 *
 * const log = (event: UnavailableEvent) => console.error(`${event.during} failed`, event.error)
 * ```
 */
export interface UnavailableEvent {
  /** `'lookup'` for the key lookup, `'replay'` for the replay store. */
  readonly during: 'lookup' | 'replay'
  /** The error thrown or rejected with, or the timeout's {@link SignerError}. */
  readonly error: unknown
}

/**
 * Options of {@link verifyRequest} and {@link verifyNodeRequest}: `credentials` or `lookup`,
 * plus the clock, window, header names and GET rule of {@link verify}, the body cap, the
 * replay store, the timeouts of the lookup and the store, and what to refuse beyond the
 * signature.
 *
 * @example
 * ```ts
 * import { createMemoryReplayStore, type VerifyRequestOptions } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const options: VerifyRequestOptions = {
 *   lookup: (apiKey) => keys.get(apiKey),
 *   windowMs: 10_000,
 *   maxBodyBytes: 64 * 1024,
 *   replay: createMemoryReplayStore(),
 *   replayTimeoutMs: 500,
 *   unsignedQuery: 'refuse',
 *   parseJson: true,
 * }
 * ```
 */
export interface VerifyRequestOptions
  extends Pick<VerifyOptions, 'windowMs' | 'now' | 'headerNames' | 'getBodyRule'> {
  /**
   * The only credentials accepted: one, or a list (several keys, or one key's new and old
   * secret during a roll-over). Give this or `lookup`.
   */
  credentials?: Credentials | readonly Credentials[] | undefined
  /**
   * Finds a key's secret and memo (and whether it is frozen), or several during a roll-over.
   * Give this or `credentials`.
   */
  lookup?: CredentialsLookupWithStatus | CredentialsLookup | undefined
  /**
   * Longest wait for an async `lookup`, in ms; `Infinity` waits for ever. A lookup that
   * throws, rejects, passes it, or answers something that is no key's secrets refuses the
   * request as `'lookup-unavailable'` (503, 30014).
   * @default 2_000
   */
  lookupTimeoutMs?: number | undefined
  /**
   * Largest accepted body, in bytes, counted as it streams in (a larger `Content-Length` is
   * refused before reading). @default 1_048_576 (1 MiB)
   */
  maxBodyBytes?: number | undefined
  /**
   * Where accepted signatures are remembered for the window, so a second identical request
   * is `'replay'`. `false` turns the check off. @default one in-process store shared by every
   * call that does not pass one
   */
  replay?: ReplayStore | false | undefined
  /**
   * Longest wait for the replay store, in ms; `Infinity` waits for ever. A store that throws,
   * rejects or passes it refuses the request as `'replay-unavailable'` (503, 30014): it fails
   * closed, never accepting a request it could not record. @default 2_000
   */
  replayTimeoutMs?: number | undefined
  /** Told each time the lookup or the replay store fails or times out (for logs, metrics). */
  onUnavailable?: ((event: UnavailableEvent) => void) | undefined
  /**
   * A query string the signature does not cover (on POST and PUT, and on GET under
   * `getBodyRule: 'empty'`): `'allow'` it, as the live API does, or `'refuse'` it
   * (`'unsigned-query'`, 401, 30005) on a service whose signed routes take none, so nobody
   * can add `?admin=1` to a signed POST. @default 'allow'
   */
  unsignedQuery?: 'allow' | 'refuse' | undefined
  /**
   * Parse the signed body as JSON and hand it back as `result.json` (`undefined` when there is
   * no body). A signed body that is not JSON is refused as `'malformed-body'` (400, 40007),
   * before it is recorded as seen. @default false
   */
  parseJson?: boolean | undefined
}

/** {@link VerifyRequestOptions} checked once per call, defaults applied. */
export interface CheckedOptions {
  readonly maxBodyBytes: number
  readonly replay: ReplayStore | undefined
  readonly lookupTimeoutMs: number
  readonly replayTimeoutMs: number
  readonly refuseUnsignedQuery: boolean
  readonly parseJson: boolean
}

/** The default of `lookupTimeoutMs` and `replayTimeoutMs`: 2 s. */
const defaultDependencyTimeoutMs = 2_000

let sharedReplayStore: ReplayStore | undefined

function checkMaxBodyBytes(value: unknown): number {
  if (value === undefined) return defaultMaxBodyBytes
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  throw new SignerError('invalid-argument', 'maxBodyBytes must be a non-negative integer.')
}

function checkReplay(value: unknown): ReplayStore | undefined {
  if (value === false) return undefined
  if (value === undefined) {
    sharedReplayStore ??= createMemoryReplayStore()
    return sharedReplayStore
  }
  if (typeof (value as Partial<ReplayStore>).setIfAbsent !== 'function') {
    throw new SignerError('invalid-argument', 'replay must be a ReplayStore or false.')
  }
  return value as ReplayStore
}

function checkTimeout(value: unknown, name: string): number {
  if (value === undefined) return defaultDependencyTimeoutMs
  if (typeof value === 'number' && value > 0 && !Number.isNaN(value)) return value
  throw new SignerError(
    'invalid-argument',
    `${name} must be a positive number of ms (or Infinity).`,
  )
}

/** Validates the options {@link verifyParts} reads itself (the rest are {@link verify}'s). */
export function checkOptions(options: VerifyRequestOptions): CheckedOptions {
  if (options === null || typeof options !== 'object') {
    throw new SignerError(
      'invalid-argument',
      'verifyRequest needs options with credentials or lookup.',
    )
  }
  const { unsignedQuery, parseJson } = options
  if (unsignedQuery !== undefined && unsignedQuery !== 'allow' && unsignedQuery !== 'refuse') {
    throw new SignerError('invalid-argument', "unsignedQuery must be 'allow' or 'refuse'.")
  }
  if (parseJson !== undefined && typeof parseJson !== 'boolean') {
    throw new SignerError('invalid-argument', 'parseJson must be a boolean.')
  }
  if (options.onUnavailable !== undefined && typeof options.onUnavailable !== 'function') {
    throw new SignerError('invalid-argument', 'onUnavailable must be a function.')
  }
  return {
    maxBodyBytes: checkMaxBodyBytes(options.maxBodyBytes),
    replay: checkReplay(options.replay),
    lookupTimeoutMs: checkTimeout(options.lookupTimeoutMs, 'lookupTimeoutMs'),
    replayTimeoutMs: checkTimeout(options.replayTimeoutMs, 'replayTimeoutMs'),
    refuseUnsignedQuery: unsignedQuery === 'refuse',
    parseJson: parseJson === true,
  }
}
