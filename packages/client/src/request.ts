/**
 * `client.request()`: endpoints beyond the table's.
 *
 * @module
 */
import type { AuthType, EndpointPath, PayloadIssue } from '@perpkit/schemas'
import { endpointRoutes } from '@perpkit/schemas/lite'
import { InvalidParamsError, ResponseValidationError } from './errors/transport.ts'
import { send } from './http.ts'
import { loadSchemas } from './load-schemas.ts'
import type { CallOptions } from './options.ts'
import { unreadablePayload } from './payload-guard.ts'
import { encodeQuery, type QueryValue } from './query.ts'
import { isPathUnderBase } from './request-path.ts'
import type { Transport } from './transport.ts'

/**
 * A schema for the response `data`: zod schemas fit (`safeParse`), and so
 * does anything with a `parse` that throws on bad input.
 *
 * @example
 * ```ts
 * const schema: DataSchema<{ balance: string }> = {
 *   parse(data) {
 *     const { balance } = data as { balance?: unknown }
 *     if (typeof balance !== 'string') throw new TypeError('balance must be a string')
 *     return { balance }
 *   },
 * }
 * // or, with zod: z.object({ balance: z.string() })
 * ```
 */
export type DataSchema<T> =
  | {
      /** Checks `data`; zod schemas have this. */
      safeParse(
        data: unknown,
      ):
        | { success: true; data: T }
        | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } }
    }
  | {
      /** Returns the converted `data`, or throws on bad input. */
      parse(data: unknown): T
    }

/**
 * A request to any endpoint of a deployment.
 *
 * @example
 * ```ts
 * const req: GenericRequest = { path: '/contract/private/assets-detail', auth: 'KEYED' }
 * ```
 */
export interface GenericRequest<T = unknown> {
  /** @default 'GET' */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /**
   * Path under the base URL, starting with `/`. Paths that would leave it
   * (`//host`, `..`, absolute URLs) are refused before sending, as are `?`
   * and `#` (put the query in `query`).
   */
  path: string
  /** Query parameters, sent (and signed) in this order; `undefined` values are left out. */
  query?: Record<string, QueryValue>
  /** A JSON body for POST and PUT. */
  body?: unknown
  /** @default 'NONE' */
  auth?: AuthType
  /** Validates and converts the envelope's `data`; without one, `data` is returned as is. */
  schema?: DataSchema<T>
}

/**
 * Sends a generic request; resolves with the envelope's `data`.
 *
 * @param transport - The client's transport.
 * @param request - What to send.
 * @param call - Per-call options.
 * @returns The `data` of the success envelope, validated by `schema` if given.
 */
export async function sendGeneric<T>(
  transport: Transport,
  request: GenericRequest<T>,
  call?: CallOptions,
): Promise<T> {
  const method = request.method ?? 'GET'
  const label = `${method} ${request.path}`
  const issues: PayloadIssue[] = []
  if (!isPathUnderBase(transport.options.baseUrl, request.path)) {
    issues.push({
      path: 'path',
      expected:
        'a path under the base URL: starting with one "/", without "..", "\\", "?", "#" or whitespace',
      received: JSON.stringify(request.path),
    })
  }
  if (request.body !== undefined && (method === 'GET' || method === 'DELETE')) {
    issues.push({
      path: 'body',
      expected: `no body on ${method} (use query)`,
      received: typeof request.body,
    })
  }
  const body = request.body === undefined ? undefined : toJson(request.body)
  if (body === null) {
    issues.push({
      path: 'body',
      expected: 'a value JSON can write (no BigInt, no cycles)',
      received: typeof request.body,
    })
  }
  const auth = request.auth ?? 'NONE'
  if (auth !== 'NONE' && transport.options.credentials === undefined) {
    issues.push({
      path: 'auth',
      expected: `credentials on the client for ${auth} requests`,
      received: JSON.stringify(auth),
    })
  }
  if (issues.length > 0) throw new InvalidParamsError(label, issues)
  const known = Object.hasOwn(endpointRoutes, request.path)
    ? endpointRoutes[request.path as EndpointPath]
    : undefined
  const raw = await send(
    transport,
    {
      method,
      path: request.path,
      query: encodeQuery(request.query ?? {}),
      ...(typeof body === 'string' ? { body } : {}),
      auth,
      ...(known ? { budget: known.rateLimit } : {}),
    },
    call,
  )
  const data = raw.envelope.data
  const schema = request.schema
  if (schema === undefined) return data as T
  if ('safeParse' in schema) {
    let result: ReturnType<typeof schema.safeParse>
    try {
      result = schema.safeParse(data)
    } catch (error) {
      throw unreadablePayload(label, raw.envelope.trace, error)
    }
    if (result.success) return result.data
    // zod's issues, typed structurally so this package needs no zod of its own.
    const { describeIssues } = await loadSchemas()
    const zodIssues = result.error.issues as Parameters<typeof describeIssues>[0]
    throw new ResponseValidationError(
      label,
      describeIssues(zodIssues, data, ['data']),
      raw.envelope.trace,
    )
  }
  try {
    return schema.parse(data)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ResponseValidationError(
      label,
      [{ path: 'data', expected: reason, received: '(see cause)' }],
      raw.envelope.trace,
    )
  }
}

/** The JSON text of a body, or `null` when JSON cannot write it (BigInt, a cycle). */
function toJson(body: unknown): string | null {
  try {
    return JSON.stringify(body) ?? null
  } catch {
    return null
  }
}
