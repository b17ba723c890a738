import { SignerError } from './errors.ts'
import { readStreamCapped } from './read-body.ts'
import { verifyParts } from './verify-parts.ts'
import type { VerifyRequestOptions } from './verify-request-options.ts'
import type { VerifyRequestResult } from './verify-request-result.ts'

/**
 * Reads a Request's body within the cap. With a Content-Length (already checked against the
 * cap), the runtime's HTTP framing bounds the read to that length, so `arrayBuffer()` is used
 * (the fast path of adapters such as `@hono/node-server`) and the length is checked again;
 * without one (chunked), bytes are counted as they stream and reading stops past the cap.
 */
async function readRequestBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  if (request.headers.get('content-length') === null) {
    return readStreamCapped(request.body, maxBytes)
  }
  const bytes = new Uint8Array(await request.arrayBuffer())
  return bytes.byteLength > maxBytes ? undefined : bytes
}

/**
 * Verifies a Fetch-API `Request` (Hono's `c.req.raw`, `Deno.serve`, `Bun.serve`, Workers):
 * the three headers, the timestamp's format and skew, the key (`lookup` or `credentials`),
 * the signature (constant-time), then that this signature was not accepted before within
 * the window (`replay`). HEAD is checked as the GET it mirrors. The body is read once, only
 * after the key is found, and at most `maxBodyBytes` of it; it comes back in the result, as
 * the stream is consumed. Only signed bytes come back: GET, HEAD and DELETE sign no body, so
 * one that carries a body is refused (`'unsigned-body'`).
 *
 * @param request - The incoming request. Its body must not have been read.
 * @param options - `credentials` or `lookup`, and the options of {@link VerifyRequestOptions}.
 * @returns `{ ok: true, apiKey, timestamp, body }`, or `{ ok: false, reason, status, code,
 *   message }` ready for {@link liveErrorResponse}.
 * @throws {SignerError} (as a rejection) for the verifier's own mistakes (both or neither of
 *   `credentials` and `lookup`, bad options, a body already read); never for a bad request,
 *   nor for a lookup or replay store that fails (answered 503, see `onUnavailable`).
 *
 * @example
 * ```ts
 * import { liveErrorResponse, verifyRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * export async function handle(request: Request): Promise<Response> {
 *   const result = await verifyRequest(request, { lookup: (k) => keys.get(k) })
 *   if (!result.ok) return liveErrorResponse(result)
 *   return new Response(`hello ${result.apiKey}, you sent ${result.body.length} characters`)
 * }
 * ```
 */
export function verifyRequest(
  request: Request,
  options: VerifyRequestOptions,
): Promise<VerifyRequestResult> {
  if (request.bodyUsed) {
    return Promise.reject(
      new SignerError('invalid-argument', 'The request body was already read: verify first.'),
    )
  }
  const url = request.url
  const queryStart = url.indexOf('?')
  const hashStart = url.indexOf('#')
  const query =
    queryStart === -1 ? '' : url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart)
  const method = request.method.toUpperCase()
  const headers = request.headers
  return verifyParts(
    {
      method: request.method,
      query,
      headers,
      // A GET or HEAD without framing headers has no body (and reading `request.body` would
      // cost adapters such as @hono/node-server a full Request on their fast path).
      hasBody:
        (method !== 'GET' && method !== 'HEAD') ||
        headers.get('content-length') !== null ||
        headers.get('transfer-encoding') !== null,
      readBody: (maxBytes) => readRequestBody(request, maxBytes),
    },
    options,
  )
}
