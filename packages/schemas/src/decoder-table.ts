/**
 * The shape of the decoders generated from the endpoint table
 * (src/generated/decoders.ts): per path, plain functions that take params
 * to the wire query and a wire payload to its model, and the payload's drift
 * shape. Types only.
 *
 * @module
 */
import type { DriftShape } from './drift.ts'
import type { EndpointModel, EndpointQuery } from './endpoints/index.ts'
import type { EndpointPath } from './routes.ts'

/** One endpoint's generated decoders. */
interface EndpointDecoder<P extends EndpointPath> {
  /** The model of a wire `data` payload, or `undefined` when the `data` schema refuses it. */
  decode(data: unknown): EndpointModel<P> | undefined
  /** The wire query of user params, or `undefined` when the `params` schema refuses them. */
  encode(params: unknown): EndpointQuery<P> | undefined
  /** What drift looks for in a payload (`null`: it holds no object). */
  drift: DriftShape | null
}

/** Every endpoint's generated decoders, by path. */
export type DecoderTable = { [P in EndpointPath]: EndpointDecoder<P> }
