/**
 * The wire schemas of the endpoint table as JSON Schema (draft 2020-12, the dialect of
 * OpenAPI 3.1), by zod 4's own `toJSONSchema`.
 *
 * zod describes everything it can; what it cannot (a `z.custom` check, a transform's output)
 * is described here, in one place, by schema identity: {@link overrideOf}. A new
 * `z.custom` on the wire without an entry there makes the generator throw with the path that
 * needs one, so nothing is ever documented as "anything" by accident.
 *
 * Wire payloads are described on zod's input side (`io: 'input'`): what a server sends and the
 * schemas accept, quirks included. Query parameters are described by the typed value the
 * `query` schema produces (what clients send), see {@link queryParameterSchema}.
 *
 * Not part of the published build: it runs from `generate.ts` and the docs' `--check`.
 *
 * @module
 */
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { depthWire } from '../endpoints/depth.ts'
import { contractWire } from '../endpoints/details.ts'
import { endpoints } from '../endpoints/index.ts'
import { envelopeWire } from '../envelope.ts'
import { epochNumberOrStringWire } from '../epochs.ts'
import { KLINE_STEPS } from '../kline-steps.ts'
import { stepQuery, symbolQuery } from '../params.ts'
import {
  boolean,
  DECIMAL_PATTERN,
  decimalLike,
  decimalString,
  integer,
  positiveInt,
  UNSIGNED_DECIMAL_PATTERN,
  uint,
  unsignedDecimalString,
} from '../primitives.ts'
import { documentFields } from './field-docs.ts'

/** A JSON Schema object, as written into the document. */
export type JsonSchema = Record<string, unknown>

/** Where the document keeps its named schemas. */
const COMPONENTS = '#/components/schemas/'

/** A `$ref` to a named schema of the document. */
export function ref(name: string): JsonSchema {
  return { $ref: `${COMPONENTS}${name}` }
}

/** Named schemas that every payload shares, written once into `components.schemas`. */
export const sharedSchemas: Record<string, JsonSchema> = {
  DecimalString: {
    type: 'string',
    pattern: DECIMAL_PATTERN.source,
    description:
      'An exact decimal as a string (never a float): optional minus, digits, optional fraction. No exponent.',
    examples: ['65000.1', '-0.0375', '727798'],
  },
  UnsignedDecimalString: {
    type: 'string',
    pattern: UNSIGNED_DECIMAL_PATTERN.source,
    description:
      'A price or quantity: an exact decimal string without a sign (`-5` and `-0` are refused). No exponent.',
    examples: ['65000.1', '0', '727798'],
  },
  DepthLevel: {
    type: 'array',
    description:
      'One book level, three decimal strings: [price, qty, total]. The price is in the quote currency (USDT), the quantity in contracts, the total the running quantity from the top of the book down to this level.',
    // `items` beside `prefixItems` (each element is the same kind of string) and exactly three
    // of them: tools that read only `items` (samplers, mock servers, converters) get it right.
    prefixItems: [
      { ...ref('UnsignedDecimalString'), description: 'Price of the level.' },
      { ...ref('UnsignedDecimalString'), description: 'Quantity at this price, in contracts.' },
      {
        ...ref('UnsignedDecimalString'),
        description: 'Running total from the top of the book down to this level, in contracts.',
      },
    ],
    items: ref('UnsignedDecimalString'),
    minItems: 3,
    maxItems: 3,
    examples: [['95000.1', '12', '40']],
  },
}

const stepOutput = (stepQuery._zod.def as { out: $ZodType }).out
const depthSide = depthWire.shape.bids
const decimalLikeInput = (decimalLike._zod.def as { in: $ZodType }).in
const inner = (schema: unknown) =>
  (schema as { _zod: { def: { innerType: $ZodType } } })._zod.def.innerType
const noneableTime = inner(contractWire.shape.expire_timestamp)
const envelopeCode = (envelopeWire.shape.code._zod.def as { in: $ZodType }).in
const MAX_SAFE = Number.MAX_SAFE_INTEGER
const UINT: JsonSchema = { type: 'integer', minimum: 0, maximum: MAX_SAFE }
const INTEGER: JsonSchema = { type: 'integer', minimum: -MAX_SAFE, maximum: MAX_SAFE }

/**
 * The JSON Schema of each wire construct zod cannot describe, by schema identity: each a
 * `z.custom` whose predicate is code. The only such table; the generator refuses any other.
 */
const overrides = new Map<$ZodType, JsonSchema>([
  [decimalString, ref('DecimalString')],
  [unsignedDecimalString, ref('UnsignedDecimalString')],
  [
    depthSide,
    {
      description: 'A book side: levels, or `null` for an empty side (code 1000 all the same).',
      anyOf: [{ type: 'array', items: ref('DepthLevel') }, { type: 'null' }],
    },
  ],
  [stepOutput, { type: 'integer', enum: [...KLINE_STEPS] }],
  [decimalLikeInput, { anyOf: [ref('DecimalString'), { type: 'number' }] }],
  // The custom leaves of primitives.ts (and the two that endpoints keep to themselves).
  [integer, INTEGER],
  [uint, UINT],
  [positiveInt, { type: 'integer', exclusiveMinimum: 0, maximum: MAX_SAFE }],
  [boolean, { type: 'boolean' }],
  [epochNumberOrStringWire, { anyOf: [UINT, { type: 'string', pattern: '^\\d+$' }] }],
  [noneableTime, { anyOf: [UINT, { enum: ['', null] }] }],
  [envelopeCode, { anyOf: [INTEGER, { type: 'string', pattern: '^-?\\d+$' }] }],
  [inner(envelopeWire.shape.data), {}],
  [contractWire.shape.product_type, { type: 'integer', enum: [1, 2] }],
  [inner(contractWire.shape.status), { type: 'string', enum: ['Trading', 'Delisted'] }],
])

// Each route's limit: an integer from 1 to the route's maxRecords (params.ts's limitValue),
// with the number of records a request without one gets.
for (const row of Object.values(endpoints)) {
  const limit = (row.query.shape as Record<string, unknown>).limit
  if (limit === undefined || row.maxRecords === undefined) continue
  const checked = (inner(limit)._zod.def as unknown as { out: $ZodType }).out
  overrides.set(checked, {
    type: 'integer',
    minimum: 1,
    maximum: row.maxRecords,
    ...(row.defaultRecords !== undefined && { default: row.defaultRecords }),
  })
}

/**
 * The refinements that JSON Schema can state, added to zod's output. Not the details row's
 * `vol_precision or volume_precision`: an `anyOf` of `required` beside `properties` makes
 * generated types `unknown` and mock servers send `{}`; both keys are optional properties,
 * whose descriptions say that a row carries one.
 */
const refinements = new Map<$ZodType, JsonSchema>([
  // `symbol is required`: a refinement (not z.minLength, see params.ts), so zod cannot describe it.
  [symbolQuery, { minLength: 1 }],
])

// A schema with checks added (`.check()`) is a copy whose `parent` is the unchecked one; zod
// describes both, so each override covers the schemas its key was made from too.
for (const [schema, json] of [...overrides]) {
  for (let up = schema._zod.parent; up !== undefined; up = up._zod.parent) overrides.set(up, json)
}

function unrepresentable(ctx: { zodSchema: $ZodType; path: (string | number)[]; message: string }) {
  const known = overrides.get(ctx.zodSchema)
  if (known) return structuredClone(known)
  // A refinement that states its JSON Schema as zod metadata (params.ts's integerQuery): zod writes that.
  if (z.globalRegistry.has(ctx.zodSchema)) return {}
  throw new Error(
    `openapi: no JSON Schema for the schema at ${JSON.stringify(ctx.path)} (${ctx.message}); add one to the overrides of src/openapi/json-schema.ts`,
  )
}

function refine(ctx: { zodSchema: $ZodType; jsonSchema: JsonSchema }) {
  const extra = refinements.get(ctx.zodSchema)
  if (extra) Object.assign(ctx.jsonSchema, structuredClone(extra))
}

/**
 * Drops the per-schema `$schema` (the document's dialect, 2020-12, applies to all) and the
 * `$id` zod gives registered schemas (their place in `components.schemas` names them).
 */
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema
  return rest
}

/**
 * Each named wire schema as JSON Schema, with references between them pointing into
 * `components.schemas` (zod's registry form of `toJSONSchema`).
 *
 * @param named - Component names and their zod schemas (each schema once).
 * @returns The JSON Schemas by name.
 */
export function wireSchemas(named: ReadonlyMap<string, $ZodType>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of named) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable,
    override: refine,
    uri: (id) => `${COMPONENTS}${id}`,
  })
  // Every field described (with its unit when it is a time), once zod is done with the JSON.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const json = withoutDialect(schema as JsonSchema)
      documentFields(id, json)
      return [id, json]
    }),
  )
}

/** A query value sent as digits: documented as the integer it spells. */
const DIGITS = /^\^\\d\{1,(\d+)\}\$$/

/**
 * The JSON Schema of one query parameter: the typed value its `query` schema produces (a
 * step from the allowed set, a limit within its range), which a URL carries as text. Where
 * that value comes out of a transform (`start_time`: digits to a number), the wire text is
 * described instead, a digit string being the integer it spells.
 *
 * @param field - The parameter's schema in the `query` object (not wrapped in optional).
 * @returns Its JSON Schema.
 */
export function queryParameterSchema(field: $ZodType): JsonSchema {
  let transformed = false
  const output = withoutDialect(
    z.toJSONSchema(field, {
      io: 'output',
      override: refine,
      unrepresentable: (ctx) => {
        if (ctx.zodSchema._zod.def.type === 'transform') {
          transformed = true
          return {}
        }
        return unrepresentable(ctx)
      },
    }) as JsonSchema,
  )
  if (!transformed) return output
  const input = withoutDialect(
    z.toJSONSchema(field, { io: 'input', unrepresentable, override: refine }) as JsonSchema,
  )
  const digits = typeof input.pattern === 'string' ? DIGITS.exec(input.pattern) : null
  if (input.type !== 'string' || !digits) return input
  return { type: 'integer', minimum: 0, maximum: 10 ** Number(digits[1]) - 1 }
}
