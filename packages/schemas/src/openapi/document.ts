/**
 * The OpenAPI 3.1 document of the wire, built from the endpoint table: one path per row of
 * `endpoints` with its query parameters (from the row's `query` schema), its answers (the
 * envelope around the row's `wire` schema, the error bodies with their live codes, an example
 * of each from the sandbox) and the rate-limit and authentication headers; and the gateway's
 * routes beside it (`/system/time`). Nothing here lists the endpoints.
 *
 * @module
 */
import { defaultHeaderNames } from '@perpkit/signer'
import type { $ZodType } from 'zod/v4/core'
import { DEFAULT_RATE_LIMIT_HEADER_PREFIX } from '../conventions.ts'
import type { EndpointDefinition } from '../endpoint.ts'
import { endpoints } from '../endpoints/index.ts'
import { envelopeWire } from '../envelope.ts'
import type { AuthType, EndpointPath } from '../routes.ts'
import { attachExamples, type OpenApiExamples, readExamples } from './examples.ts'
import { gatewayRoutes } from './gateway-routes.ts'
import { type JsonSchema, queryParameterSchema, sharedSchemas, wireSchemas } from './json-schema.ts'
import {
  badRequestCodes,
  badRequestResponse,
  okResponse,
  rateLimitHeaderRefs,
  rateLimitHeaders,
  sharedErrorResponses,
  successBody,
} from './responses.ts'
import { tagOfEndpoint, tags } from './tags.ts'

/** An OpenAPI document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown>

/** What each query parameter means, for the document's readers (with a unit where it has one). */
const parameterNotes: Readonly<Record<string, JsonSchema>> = {
  symbol: { description: 'Contract symbol, e.g. `BTCUSDT`.' },
  step: { description: 'Candle length, in minutes.', 'x-unit': 'min' },
  start_time: {
    description: 'Window start, epoch SECONDS (inclusive: candles whose open time is within).',
    'x-unit': 's',
  },
  end_time: { description: 'Window end, epoch SECONDS (inclusive).', 'x-unit': 's' },
  limit: { description: 'Number of records.' },
}

/** The shared responses every operation may answer, by HTTP status. */
const SHARED = (name: string) => ({ $ref: `#/components/responses/${name}` })

/** `getMarkPriceKlines` → `MarkPriceKlines`. */
function baseName(row: EndpointDefinition): string {
  const name = row.clientMethod.replace(/^get/, '')
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** The security requirement of an auth type (schemes are the signer's three headers). */
function securityOf(auth: AuthType): Record<string, string[]>[] {
  const signed = { ApiKey: [], ApiSign: [], ApiTimestamp: [] }
  switch (auth) {
    case 'NONE':
      // Public; a signed deployment (the sandbox with credentials) asks for all three.
      return [{}, signed]
    case 'KEYED':
      return [{ ApiKey: [] }]
    case 'SIGNED':
      return [signed]
  }
}

/** The query parameters of a row, from its `query` object: wire names, typed values. */
function parametersOf(row: EndpointDefinition): JsonSchema[] {
  const shape = (row.query._zod.def as { shape?: Record<string, $ZodType> }).shape
  if (shape === undefined) throw new Error(`openapi: the query of ${row.path} is not an object`)
  return Object.entries(shape).map(([name, field]) => {
    const optional = field._zod.def.type === 'optional'
    const inner = optional
      ? (field._zod.def as unknown as { innerType: $ZodType }).innerType
      : field
    return {
      name,
      in: 'query',
      required: !optional,
      ...parameterNotes[name],
      schema: queryParameterSchema(inner),
    }
  })
}

/**
 * A list payload capped at `max` records: the array itself, or the one array property of an
 * object payload (`{ list: [...] }`).
 */
function capList(schema: JsonSchema, max: number): JsonSchema {
  if (schema.type === 'array') return { ...schema, maxItems: max }
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  const lists = Object.entries(properties ?? {}).filter(([, p]) => p.type === 'array')
  const [list] = lists
  if (lists.length !== 1 || list === undefined) {
    throw new Error('openapi: a capped payload must be a list or hold exactly one')
  }
  return { ...schema, properties: { ...properties, [list[0]]: { ...list[1], maxItems: max } } }
}

/** The prose of an operation: the row's budget, caps and order. */
function describe(row: EndpointDefinition): string {
  const lines = [
    `${row.description}.`,
    '',
    `Rate limit: ${row.rateLimit.limit} requests per ${row.rateLimit.windowMs / 1000} s per IP.`,
  ]
  if (row.maxRecords !== undefined) lines.push(`At most ${row.maxRecords} records a request.`)
  if (row.defaultRecords !== undefined) {
    lines.push(`${row.defaultRecords} records when no \`limit\` is given.`)
  }
  if (row.order !== undefined) lines.push(`Order: ${row.order}.`)
  return lines.join('\n')
}

/**
 * Builds the OpenAPI 3.1 document of the wire from the endpoint table.
 *
 * @param examples - The examples of its answers (the committed file by default).
 * @returns The document, as JSON.
 */
export function buildOpenApiDocument(examples: OpenApiExamples = readExamples()): OpenApiDocument {
  const rows: EndpointDefinition[] = Object.values(endpoints)
  // Each wire schema once, named after the first row that sends it.
  const dataNames = new Map<$ZodType, string>()
  for (const row of rows) {
    if (!dataNames.has(row.wire)) dataNames.set(row.wire, `${baseName(row)}Data`)
  }
  for (const route of gatewayRoutes) dataNames.set(route.data, route.dataName)
  const named = new Map<string, $ZodType>([['Envelope', envelopeWire]])
  for (const [schema, name] of dataNames) named.set(name, schema)
  const { Envelope: envelope, ...generated } = wireSchemas(named) as Record<string, JsonSchema>
  if (envelope === undefined) throw new Error('openapi: the envelope was not generated')
  for (const row of rows) {
    const name = dataNames.get(row.wire) as string
    if (row.maxRecords !== undefined) {
      generated[name] = capList(generated[name] as JsonSchema, row.maxRecords)
    }
  }

  const headers = rateLimitHeaderRefs(DEFAULT_RATE_LIMIT_HEADER_PREFIX)
  const schemas: Record<string, JsonSchema> = { ...sharedSchemas, ...generated }
  const paths: Record<string, JsonSchema> = {}
  for (const row of rows) {
    const successName = `${baseName(row)}Response`
    schemas[successName] = successBody(envelope, dataNames.get(row.wire) as string)
    const parameters = parametersOf(row)
    const codes = badRequestCodes(
      row,
      parameters.map((parameter) => parameter.name as string),
    )
    paths[row.path] = {
      [row.method.toLowerCase()]: {
        operationId: row.clientMethod,
        tags: [tagOfEndpoint[row.path as EndpointPath]],
        summary: row.description,
        description: describe(row),
        parameters,
        security: securityOf(row.auth),
        'x-rate-limit': { limit: row.rateLimit.limit, windowMs: row.rateLimit.windowMs },
        responses: {
          '200': okResponse(envelope, successName, headers),
          ...(codes.length > 0 && { '400': badRequestResponse(envelope, codes, headers) }),
          '401': SHARED('Unauthorized'),
          '403': SHARED('Forbidden'),
          '418': SHARED('Blocked'),
          '429': SHARED('TooManyRequests'),
          '500': SHARED('InternalError'),
          '503': SHARED('Unavailable'),
        },
      },
    }
  }
  for (const route of gatewayRoutes) {
    const successName = route.dataName.replace(/Data$/, 'Response')
    schemas[successName] = successBody(envelope, route.dataName)
    paths[route.path] = {
      get: {
        operationId: route.operationId,
        tags: [route.tag],
        summary: route.summary,
        description: route.description,
        security: [],
        responses: {
          '200': {
            description: 'Code 1000 with the wire `data`.',
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${successName}` } },
            },
          },
          '403': SHARED('Forbidden'),
          '503': SHARED('Unavailable'),
        },
      },
    }
  }

  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Contract market-data API (wire)',
      version: '2',
      description: [
        'What a server of the contract market-data interface sends, generated by `@perpkit/schemas` from its endpoint table and zod schemas: wire names and units, live quirks included (decimals as strings, limits as strings or numbers, `null` book sides, `message` or `msg`). The examples are answers of the perpkit sandbox with a pinned clock.',
        '',
        'Every answer is the envelope `{code, message, trace, data}`; `code` 1000 is success. Some errors arrive with HTTP 200 (maintenance, 30016): always check `code`.',
        '',
        'Times are epoch SECONDS on candles (`timestamp`, `start_time`, `end_time`), trades (`time`) and `delist_time`, epoch MILLISECONDS everywhere else: each time field says which in its description and in `x-unit` (`s`, `ms`; durations `min`, `h`).',
        '',
        `Rate-limit headers carry a prefix per deployment: \`${DEFAULT_RATE_LIMIT_HEADER_PREFIX}-RateLimit-Limit\` and so on here and on the perpkit sandbox (\`X-BM\` on BitMart). Beware their live meanings: \`-Remaining\` counts the requests USED in the window, \`-Reset\` is the window LENGTH in seconds.`,
      ].join('\n'),
      contact: { name: 'perpkit', url: 'https://github.com/perpkit/perpkit/issues' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: 'http://127.0.0.1:{port}',
        description: 'A local perpkit sandbox (`perpkit-sandbox --port 4010`)',
        variables: { port: { default: '4010' } },
      },
    ],
    tags,
    paths,
    components: {
      schemas,
      responses: sharedErrorResponses(envelope, headers),
      headers: rateLimitHeaders,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: defaultHeaderNames.apiKey,
          description: 'The API key.',
        },
        ApiSign: {
          type: 'apiKey',
          in: 'header',
          name: defaultHeaderNames.signature,
          description:
            "Lower-case hex HMAC-SHA256 with the secret of `timestamp + '#' + memo + '#' + body`, the body of a GET being its query string (`@perpkit/signer` computes it).",
        },
        ApiTimestamp: {
          type: 'apiKey',
          in: 'header',
          name: defaultHeaderNames.timestamp,
          description: 'Epoch milliseconds, within about 30 s of the server clock.',
        },
      },
    },
  }
  attachExamples(document, examples)
  return document
}

/**
 * The document as the text of `openapi.json`: two-space JSON and a final newline.
 *
 * @returns The file's text.
 */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`
}
