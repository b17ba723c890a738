/**
 * A successful decode: the model, and the payload's drift from it worked out
 * when first read. Zod-free.
 *
 * @module
 */
import type { PayloadIssue } from './describe.ts'
import { type Drift, type DriftShape, walkDrift } from './drift.ts'

/**
 * A successful decode: the model, and its {@link Drift} from the payload
 * (`null` when the payload carries exactly what the model reads), worked out
 * when first read: a getter of the result's class, not an own property, so a
 * spread copy or `JSON.stringify` of the result leaves it out.
 *
 * @example
 * ```ts
 * declare const r: DataSuccess<number>
 * if (r.drift) console.warn(Object.keys(r.drift.unknown))
 * ```
 */
export interface DataSuccess<T> {
  readonly success: true
  readonly data: T
  readonly drift: Drift | null
}

/**
 * The outcome of `decodeData`: on success, the model and its drift; else the
 * issues with path, expected and received value.
 *
 * @example
 * ```ts
 * declare const r: DataResult<number>
 * if (r.success && r.drift) console.warn(Object.keys(r.drift.unknown))
 * ```
 */
export type DataResult<T> = DataSuccess<T> | { success: false; issues: PayloadIssue[] }

/**
 * The outcome of `encodeParams`.
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
 * A success whose drift is worked out when first read. A class, not an
 * object literal with a getter: V8 builds such a literal through the runtime
 * on every call (about a microsecond, as much as decoding a short list), and
 * with one in the graph the model and the wire payload survived
 * young-generation collections until a full one.
 */
export class Decoded<T> implements DataSuccess<T> {
  readonly success = true as const
  readonly data: T
  readonly #shape: DriftShape | null
  readonly #input: unknown
  #drift: Drift | null | undefined = undefined

  constructor(data: T, shape: DriftShape | null, input: unknown) {
    this.data = data
    this.#shape = shape
    this.#input = input
  }

  /** The payload's drift from the model, worked out on first read. */
  get drift(): Drift | null {
    if (this.#drift === undefined) this.#drift = walkDrift(this.#shape, this.#input, 'data')
    return this.#drift
  }
}
