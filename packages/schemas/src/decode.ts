/**
 * Decoding a wire payload into a model, with errors that say where and why.
 *
 * @module
 */
import type * as z from 'zod/mini'
import { type Drift, driftOf } from './drift.ts'
import type { EndpointModel, EndpointQuery, Endpoints } from './endpoints/index.ts'
import { FAIL, fastDecoderOf } from './fast-list.ts'
import type { EndpointPath } from './routes.ts'

/**
 * One reason a payload was refused: where (`path`, from the envelope's `data`,
 * e.g. `data.bids[3][0]`), what was expected and what arrived.
 *
 * @example
 * ```ts
 * const issue: PayloadIssue = { path: 'data.bids[3][0]', expected: 'a decimal string', received: '"abc"' }
 * ```
 */
export interface PayloadIssue {
  path: string
  expected: string
  received: string
}

/**
 * The outcome of {@link encodeParams}.
 *
 * @example
 * ```ts
 * declare const r: DecodeResult<number>
 * if (r.success) r.data; else r.issues[0]?.path
 * ```
 */
export type DecodeResult<T> =
  | { success: true; data: T }
  | { success: false; issues: PayloadIssue[] }

/**
 * The outcome of {@link decodeData}: on success, the model and the payload's
 * {@link Drift} from it (`null` when the payload carries exactly what the model
 * reads). `drift` is worked out when first read, so a caller that never reads
 * it never pays for it; it is a getter of the result's class, not an own
 * property, so a spread copy or `JSON.stringify` of the result leaves it out.
 *
 * @example
 * ```ts
 * declare const r: DataResult<number>
 * if (r.success && r.drift) console.warn(Object.keys(r.drift.unknown))
 * ```
 */
export type DataResult<T> =
  | { success: true; data: T; drift: Drift | null }
  | { success: false; issues: PayloadIssue[] }

/**
 * Validates and normalizes an endpoint's wire `data` payload.
 *
 * @param endpoint - The table row.
 * @param data - The envelope's `data`.
 * @returns The model and its drift, or the issues with path, expected and received value.
 * @example
 * ```ts
 * import { decodeData, endpoints } from '@perpkit/schemas'
 *
 * const r = decodeData(endpoints['/contract/public/depth'], body.data)
 * if (!r.success) throw new Error(`${r.issues[0]?.path}: expected ${r.issues[0]?.expected}`)
 * if (r.drift) console.warn('keys beyond the model:', Object.keys(r.drift.unknown))
 * ```
 */
export function decodeData<P extends EndpointPath>(
  endpoint: Endpoints[P],
  data: unknown,
): DataResult<EndpointModel<P>> {
  const schema = endpoint.data as z.ZodMiniType
  // The endpoint's fast path when it has one; zod decides what it does not vouch for.
  const fast = fastDecoderOf(schema)
  const model = fast === undefined ? FAIL : fast(data)
  if (model !== FAIL) return decoded(model as EndpointModel<P>, schema, data)
  const result = schema.safeParse(data)
  if (result.success) return decoded(result.data as EndpointModel<P>, schema, data)
  return { success: false, issues: describeIssues(result.error.issues, data, ['data']) }
}

/**
 * A success whose drift is worked out when first read. A class, not an
 * object literal with a getter: V8 builds such a literal through the runtime
 * on every call (about a microsecond, as much as decoding a short list).
 */
class Decoded<T> {
  readonly success = true as const
  readonly data: T
  readonly #schema: z.ZodMiniType
  readonly #input: unknown
  #drift: Drift | null | undefined = undefined

  constructor(data: T, schema: z.ZodMiniType, input: unknown) {
    this.data = data
    this.#schema = schema
    this.#input = input
  }

  /** The payload's drift from the model, worked out on first read. */
  get drift(): Drift | null {
    if (this.#drift === undefined) this.#drift = driftOf(this.#schema, this.#input)
    return this.#drift
  }
}

function decoded<T>(data: T, schema: z.ZodMiniType, input: unknown): DataResult<T> {
  return new Decoded(data, schema, input)
}

/**
 * Turns zod issues into {@link PayloadIssue}s, reading the received value
 * from `input` at each issue's path.
 *
 * @param issues - Issues from a failed parse.
 * @param input - The value that was parsed.
 * @param prefix - Path segments to put in front (e.g. `['data']`).
 * @returns One {@link PayloadIssue} per zod issue.
 * @example
 * ```ts
 * import { z } from 'zod'
 *
 * const value: unknown = { price: 'n/a' }
 * const r = z.object({ price: z.string().regex(/^\d/) }).safeParse(value)
 * if (!r.success) describeIssues(r.error.issues, value) // [{ path: 'price', ... }]
 * ```
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  prefix: PropertyKey[] = [],
): PayloadIssue[] {
  return issues.map((issue) => ({
    path: formatPath([...prefix, ...issue.path]),
    expected: expectedOf(issue),
    received: describeValue(valueAt(input, issue.path)),
  }))
}

function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.startsWith('Invalid input')
        ? `a value of type ${issue.expected}`
        : issue.message
    case 'invalid_value':
      // A literal's own message (e.g. '1 (perpetual) or 2 (futures)') says it best.
      if (!issue.message.startsWith('Invalid input')) return issue.message
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'invalid_union':
      return issue.message === 'Invalid input' ? 'a value of another shape' : issue.message
    default:
      return issue.message
  }
}

/**
 * Formats a path as `data.bids[3][0]`.
 *
 * @param path - Path segments.
 * @returns A readable path; `(root)` for an empty path.
 * @example
 * ```ts
 * formatPath(['data', 'bids', 3, 0]) // 'data.bids[3][0]'
 * ```
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out === '' ? '(root)' : out
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[segment]
  }
  return value
}

/**
 * A short, readable rendering of a received value (JSON, cut at 60 characters).
 *
 * @param value - Anything.
 * @returns `missing` for `undefined`, else compact JSON.
 * @example
 * ```ts
 * describeValue('abc') // '"abc"'
 * describeValue(undefined) // 'missing'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/**
 * Validates user params with an endpoint's schema and returns the wire query
 * (snake_case, wire units), or the issues that name each bad parameter.
 *
 * @param endpoint - The table row.
 * @param params - What the user passed.
 * @returns The wire query, or the issues.
 * @example
 * ```ts
 * const r = encodeParams(endpoints['/contract/public/market-trade'], { symbol: 'BTCUSDT', limit: 500 })
 * if (!r.success) r.issues[0] // { path: 'limit', expected: "limit must be at most 100 (the interface's maximum)", received: '500' }
 * ```
 */
export function encodeParams<P extends EndpointPath>(
  endpoint: Endpoints[P],
  params: unknown,
): DecodeResult<EndpointQuery<P>> {
  const result = (endpoint.params as z.ZodMiniType).safeParse(params ?? {})
  if (result.success) return { success: true, data: result.data as EndpointQuery<P> }
  return { success: false, issues: describeIssues(result.error.issues, params) }
}
