/**
 * Decoding a wire payload into a model, with errors that say where and why:
 * the endpoint's generated decoder first (src/generated/decoders.ts), and
 * its zod schema to describe what the decoder refused.
 *
 * @module
 */
import type * as z from 'zod/mini'
import { type DataResult, Decoded, type DecodeResult } from './decoded.ts'
import { tryDecodeData, tryEncodeParams } from './decoders.ts'
import { describeValue, formatPath, type PayloadIssue } from './describe.ts'
import {
  type EndpointModel,
  type EndpointQuery,
  type Endpoints,
  endpoints,
} from './endpoints/index.ts'
import { decoders } from './generated/decoders.ts'
import type { EndpointPath } from './routes.ts'

export type { DataResult, DecodeResult } from './decoded.ts'
export type { PayloadIssue } from './describe.ts'
export { describeValue, formatPath } from './describe.ts'

/** Whether `endpoint` is the table's own row for its path (not a copy with other schemas). */
function isTableRow(endpoint: { path: string; data: unknown; params: unknown }): boolean {
  const row = Object.hasOwn(endpoints, endpoint.path)
    ? endpoints[endpoint.path as EndpointPath]
    : undefined
  return row !== undefined && row.data === endpoint.data && row.params === endpoint.params
}

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
  const tableRow = isTableRow(endpoint)
  if (tableRow) {
    const fast = tryDecodeData(endpoint.path as P, data)
    if (fast !== undefined) return fast
  }
  // What the generated decoder refused (or a row that is not the table's): zod says why.
  const result = (endpoint.data as z.ZodMiniType).safeParse(data)
  if (result.success) {
    const shape = tableRow ? decoders[endpoint.path as P].drift : null
    return new Decoded(result.data as EndpointModel<P>, shape, data)
  }
  return { success: false, issues: describeIssues(result.error.issues, data, ['data']) }
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

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[segment]
  }
  return value
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
  if (isTableRow(endpoint)) {
    const fast = tryEncodeParams(endpoint.path as P, params)
    if (fast !== undefined) return { success: true, data: fast }
  }
  const result = (endpoint.params as z.ZodMiniType).safeParse(params ?? {})
  if (result.success) return { success: true, data: result.data as EndpointQuery<P> }
  return { success: false, issues: describeIssues(result.error.issues, params) }
}
