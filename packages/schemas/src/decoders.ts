/**
 * `@perpkit/schemas/decoders`: the endpoint table's decoders, generated from
 * it at build time as plain functions (src/generated/decoders.ts): user
 * params to the wire query, a wire payload to its model, its drift, the
 * envelope. No zod, no `eval`: what `@perpkit/client` runs on every call. When
 * a decoder refuses, `decodeData` / `encodeParams` of `@perpkit/schemas` (zod)
 * say why.
 *
 * @example
 * ```ts
 * import { tryDecodeData } from '@perpkit/schemas/decoders'
 *
 * const book = tryDecodeData('/contract/public/depth', body.data)
 * if (book === undefined) throw new Error('refused: ask decodeData of @perpkit/schemas why')
 * ```
 *
 * @module
 */
import { type DataSuccess, Decoded } from './decoded.ts'
import { type Drift, walkDrift } from './drift.ts'
import type { EndpointModel, EndpointQuery } from './endpoints/index.ts'
import type { Envelope } from './envelope.ts'
import { decodeEnvelope, decoders } from './generated/decoders.ts'
import type { EndpointPath } from './routes.ts'

export type { DataResult, DataSuccess, DecodeResult } from './decoded.ts'
export type { PayloadIssue } from './describe.ts'
export { describeValue, formatPath } from './describe.ts'
export type { Drift } from './drift.ts'

/**
 * Validates and normalizes an endpoint's wire `data` payload with its
 * generated decoder: the model and its drift, or `undefined` when the
 * endpoint's `data` schema refuses the payload (`decodeData` then names the
 * path, the expectation and the value).
 *
 * @param path - The endpoint path.
 * @param data - The envelope's `data`.
 * @returns The model and its drift, or `undefined`.
 * @example
 * ```ts
 * const trades = tryDecodeData('/contract/public/market-trade', body.data)
 * trades?.data[0]?.price
 * ```
 */
export function tryDecodeData<P extends EndpointPath>(
  path: P,
  data: unknown,
): DataSuccess<EndpointModel<P>> | undefined {
  const decoder = decoders[path]
  const model = decoder.decode(data)
  return model === undefined ? undefined : new Decoded(model, decoder.drift, data)
}

/**
 * The wire query (snake_case, wire units) of an endpoint's user params, by
 * its generated encoder, or `undefined` when the endpoint's `params` schema
 * refuses them (`encodeParams` then names each bad parameter).
 *
 * @param path - The endpoint path.
 * @param params - What the user passed.
 * @returns The wire query, or `undefined`.
 * @example
 * ```ts
 * tryEncodeParams('/contract/public/kline', { symbol: 'BTCUSDT', step: '1h', startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 1, 1) })
 * // { symbol: 'BTCUSDT', step: 60, start_time: 1767225600, end_time: 1767229200 }
 * ```
 */
export function tryEncodeParams<P extends EndpointPath>(
  path: P,
  params: unknown,
): EndpointQuery<P> | undefined {
  return decoders[path].encode(params ?? {})
}

/**
 * Reads an already JSON-decoded body as the envelope, or returns `undefined`
 * when it is not one. Tolerant as live servers require: `code` may be a
 * numeric string, `message` may be `msg` or missing, key order varies.
 *
 * @param body - A JSON value.
 * @returns The normalized envelope, or `undefined`.
 * @example
 * ```ts
 * readEnvelope(JSON.parse('{"code":1000,"message":"Ok","trace":"t","data":{}}'))?.code // 1000
 * ```
 */
export function readEnvelope(body: unknown): Envelope | undefined {
  return decodeEnvelope(body)
}

/**
 * The drift of a payload that decoded: unknown and missing keys by path
 * pattern, or `null` when the payload carries exactly what the model reads.
 *
 * @param endpoint - The table row (or anything with its `path`).
 * @param data - The payload it accepted.
 * @param root - The name of the payload in paths.
 * @returns The drift, or `null`.
 * @example
 * ```ts
 * import { endpoints } from '@perpkit/schemas'
 * declare const payload: unknown
 * driftOf(endpoints['/contract/public/details'], payload)?.unknown
 * // { 'data.symbols[].tradfi_info': 1200 }
 * ```
 */
export function driftOf(
  endpoint: { path: EndpointPath },
  data: unknown,
  root = 'data',
): Drift | null {
  return walkDrift(decoders[endpoint.path].drift, data, root)
}
