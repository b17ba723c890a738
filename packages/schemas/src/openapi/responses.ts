/**
 * The parts of the OpenAPI document that are the same for every endpoint: the envelope around
 * each answer, the error bodies with their live codes and HTTP statuses, and the rate-limit
 * headers.
 *
 * @module
 */
import { PUBLIC_RATE_LIMIT, rateLimitHeaderNames } from '../conventions.ts'
import type { EndpointDefinition } from '../endpoint.ts'
import { detailsEndpoint } from '../endpoints/details.ts'
import {
  type ApiErrorCode,
  apiErrorCodes,
  queryParameterErrorCodes,
  SUCCESS_CODE,
} from '../error-codes.ts'
import { type JsonSchema, ref } from './json-schema.ts'

/**
 * The HTTP status each live code arrives with (field notes, "Envelope and errors"). Typed by
 * the codes, so a new code of `apiErrorCodes` does not compile without its status.
 */
const statusOfCode: Record<ApiErrorCode, number> = {
  30000: 404,
  30001: 401,
  30002: 401,
  30003: 401,
  30004: 401,
  30005: 401,
  30006: 401,
  30007: 401,
  30008: 401,
  30013: 429,
  30014: 503,
  30016: 200,
  30017: 418,
  30030: 200,
  40007: 400,
  40012: 400,
  40034: 400,
  40038: 400,
  40039: 400,
}

/** The codes a live server answers with `status`. */
function codesWithStatus(status: number): number[] {
  return Object.values(apiErrorCodes).filter((code) => statusOfCode[code] === status)
}

/**
 * The 400 codes of an endpoint, from its query parameters: a missing or unknown symbol 40034
 * (40012 on details, which lists delisted contracts), a bad step 40038, bad times 40039, a bad
 * limit or anything else 40007.
 */
export function badRequestCodes(row: EndpointDefinition, parameters: readonly string[]): number[] {
  const codes = parameters.map((name) =>
    name === 'symbol' && row.path === detailsEndpoint.path
      ? apiErrorCodes.UNKNOWN_DETAILS_SYMBOL
      : (queryParameterErrorCodes[name] ?? apiErrorCodes.PARAMETER_ERROR),
  )
  return [...new Set(codes)].sort((a, b) => a - b)
}

/** A `code` that is one of `codes`, as a JSON number or (a quirk the schemas accept) a digit string. */
function codeOneOf(codes: readonly number[]): JsonSchema {
  return { enum: [...codes, ...codes.map(String)] }
}

/** One property of the envelope (generated from `envelopeWire`, with its description). */
function envelopeField(envelope: JsonSchema, name: string): JsonSchema {
  const field = (envelope.properties as Record<string, JsonSchema>)[name]
  if (field === undefined) throw new Error(`openapi: the envelope has no "${name}"`)
  return field
}

/**
 * The success body of an endpoint: code 1000, its message, its trace and its wire `data`.
 * Every key required: a success always carries all four (the gateway's `msg` never).
 */
export function successBody(envelope: JsonSchema, dataName: string): JsonSchema {
  const field = (name: string) => envelopeField(envelope, name)
  return {
    type: 'object',
    properties: {
      code: { ...codeOneOf([SUCCESS_CODE]), description: field('code').description },
      message: field('message'),
      trace: field('trace'),
      data: { ...ref(dataName), description: 'The payload.' },
    },
    required: ['code', 'message', 'trace', 'data'],
  }
}

/**
 * An error body with one of `codes`. Live layouts differ by kind (`message` or `msg`; `data`
 * `{}`, `null` or absent), all within the envelope; `code` and `trace` always come.
 */
function errorBody(envelope: JsonSchema, codes: readonly number[] | undefined): JsonSchema {
  const code = codes ? codeOneOf(codes) : { type: 'integer', not: { const: SUCCESS_CODE } }
  const fields = envelope.properties as Record<string, JsonSchema>
  return {
    type: 'object',
    properties: {
      ...fields,
      code: { ...code, description: envelopeField(envelope, 'code').description },
    },
    required: ['code', 'trace'],
  }
}

/**
 * The rate-limit headers, as `components.headers`, with the semantics of live servers
 * (field notes, "Rate limits"). Examples from the public budget.
 */
export const rateLimitHeaders: Record<string, JsonSchema> = {
  RateLimitLimit: {
    description: 'The budget: requests allowed per window, per IP and endpoint.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
    example: PUBLIC_RATE_LIMIT.limit,
  },
  RateLimitRemaining: {
    description:
      'Beware: the requests already USED in the window, this one included (as live servers send), not those left.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
    example: 1,
  },
  RateLimitReset: {
    description:
      'Beware: the window LENGTH in seconds, not a point in time (`2` for a 2 s window).',
    required: true,
    schema: { type: 'integer', minimum: 0, 'x-unit': 's' },
    example: PUBLIC_RATE_LIMIT.windowMs / 1000,
  },
  RateLimitMode: {
    description: 'What the budget is counted per: `IP`.',
    required: true,
    schema: { type: 'string' },
    example: 'IP',
  },
}

/**
 * The rate-limit headers of a response, by their full names after `prefix`
 * (`X-RateLimit-Limit`, ...), as references.
 */
export function rateLimitHeaderRefs(prefix: string): Record<string, JsonSchema> {
  const names = rateLimitHeaderNames(prefix)
  return {
    [names.limit]: { $ref: '#/components/headers/RateLimitLimit' },
    [names.remaining]: { $ref: '#/components/headers/RateLimitRemaining' },
    [names.reset]: { $ref: '#/components/headers/RateLimitReset' },
    [names.mode]: { $ref: '#/components/headers/RateLimitMode' },
  }
}

/** A JSON response. */
function json(description: string, schema: JsonSchema, headers?: JsonSchema): JsonSchema {
  return {
    description,
    ...(headers && { headers }),
    content: { 'application/json': { schema } },
  }
}

/** The HTML page the CDN in front of the service may answer with. */
const CDN_PAGE: JsonSchema = { type: 'string', description: 'An HTML page.' }

/**
 * The error responses every endpoint shares, as `components.responses`. The rate-limit
 * headers (`headers`) come with the answers of the limiter, which live servers always send.
 */
export function sharedErrorResponses(envelope: JsonSchema, headers: JsonSchema): JsonSchema {
  return {
    Unauthorized: json(
      'A deployment that signs every call (the sandbox with `credentials`) refused the signature headers: missing, unknown, frozen or wrong key, signature or timestamp. Body `{"trace","code","data":{},"message"}`.',
      errorBody(envelope, codesWithStatus(401)),
    ),
    Forbidden: {
      description: 'The CDN in front of the service refused the request with an HTML page.',
      content: { 'text/html': { schema: CDN_PAGE } },
    },
    TooManyRequests: json(
      'Over the budget (per IP and endpoint). No `Retry-After` on live servers: back off for the window (`-RateLimit-Reset` seconds).',
      errorBody(envelope, codesWithStatus(429)),
      headers,
    ),
    Blocked: json(
      'Blocked after repeated 429s, for the rest of the window: retrying makes it worse.',
      errorBody(envelope, codesWithStatus(418)),
      headers,
    ),
    InternalError: json(
      'An unexpected failure. Live servers publish no code for it (the sandbox sends 50000).',
      errorBody(envelope, undefined),
    ),
    Unavailable: {
      description:
        'Service unavailable: code 30014 as JSON, or an HTML page from the CDN in front of the service.',
      content: {
        'application/json': { schema: errorBody(envelope, codesWithStatus(503)) },
        'text/html': { schema: CDN_PAGE },
      },
    },
  }
}

/**
 * The 200 answer of an endpoint: its success body, or an error that live servers send with
 * HTTP 200 (maintenance, 30016). Always check `code`.
 */
export function okResponse(
  envelope: JsonSchema,
  successName: string,
  headers: JsonSchema,
): JsonSchema {
  return json(
    'Code 1000 with the wire `data`, or (with HTTP 200 all the same) code 30016 during maintenance: always check `code`.',
    { oneOf: [ref(successName), errorBody(envelope, [apiErrorCodes.MAINTENANCE])] },
    headers,
  )
}

/** The 400 answer of an endpoint with its codes. */
export function badRequestResponse(
  envelope: JsonSchema,
  codes: readonly number[],
  headers: JsonSchema,
): JsonSchema {
  return json(
    `A missing or invalid parameter: code ${codes.join(', ')}. Body \`{"code","message","trace"}\`, no \`data\`.`,
    errorBody(envelope, codes),
    headers,
  )
}
