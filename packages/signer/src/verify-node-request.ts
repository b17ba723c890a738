import { SignerError } from './errors.ts'
import { concatBytes } from './read-body.ts'
import { verifyParts } from './verify-parts.ts'
import type { VerifyRequestOptions } from './verify-request-options.ts'
import type { VerifyRequestResult } from './verify-request-result.ts'

/**
 * The parts of Node's `http.IncomingMessage` that {@link verifyNodeRequest} uses (Express
 * and Fastify's `request.raw` are IncomingMessages too). Structural, so this package needs no
 * `node:` import and no `@types/node`.
 *
 * @example
 * ```ts
 * import type { IncomingMessage } from 'node:http'
 * import type { NodeRequestLike } from '@perpkit/signer'
 *
 * const accept = (req: IncomingMessage): NodeRequestLike => req
 * ```
 */
export interface NodeRequestLike {
  /** `GET`, `POST`... */
  readonly method?: string | undefined
  /** Path and raw query string, as received. */
  readonly url?: string | undefined
  /** Node's lower-cased header record. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>
  /** `true` once the body was read to its end (by a body parser, for instance). */
  readonly readableEnded?: boolean | undefined
  /** Subscribes to `data`, `end`, `error` and `close`. */
  on(event: string, listener: (...args: never[]) => void): unknown
  /** Unsubscribes. */
  removeListener(event: string, listener: (...args: never[]) => void): unknown
  /** Stops the flow of `data` events. */
  pause(): unknown
}

function readNodeBody(req: NodeRequestLike, maxBytes: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    let total = 0
    const cleanup = () => {
      req.removeListener('data', onData)
      req.removeListener('end', onEnd)
      req.removeListener('error', onError)
      req.removeListener('close', onClose)
    }
    const onData = (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk
      total += bytes.byteLength
      if (total > maxBytes) {
        // Stop reading; the caller answers 413 (Node closes a connection with unread body).
        cleanup()
        req.pause()
        resolve(undefined)
        return
      }
      chunks.push(bytes)
    }
    const onEnd = () => {
      cleanup()
      resolve(concatBytes(chunks, total))
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const onClose = () => {
      cleanup()
      reject(new SignerError('invalid-argument', 'The request closed before its body ended.'))
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('close', onClose)
  })
}

/**
 * {@link verifyRequest} for Node's `IncomingMessage` (node:http, Express, Fastify's
 * `request.raw` in an `onRequest` hook): same checks, same result, GET, HEAD and DELETE
 * bodies refused alike. It reads the body itself, so run it before any body parser (no
 * `express.json()` before it; in Fastify, replace the content-type parsers, see the README)
 * and use `result.body` or, with `parseJson`, `result.json`.
 *
 * @param req - The incoming request, body unread.
 * @param options - As {@link verifyRequest}.
 * @returns As {@link verifyRequest}; answer failures with `result.status` and
 *   {@link liveErrorBody}.
 * @throws {SignerError} (as a rejection) for the verifier's own mistakes, including a body
 *   that a parser already read, and when the client goes away before its body ended (there
 *   is nobody left to answer: catch it and drop the connection, as the README's node:http
 *   recipe does). A failing lookup or replay store is an answer (503), not a rejection.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * import { liveErrorBody, verifyNodeRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * createServer(async (req, res) => {
 *   const result = await verifyNodeRequest(req, { lookup: (k) => keys.get(k) })
 *   if (!result.ok) {
 *     res.writeHead(result.status, { 'content-type': 'application/json' })
 *     res.end(JSON.stringify(liveErrorBody(result)))
 *     return
 *   }
 *   res.end(`hello ${result.apiKey}`)
 * }).listen(8080)
 * ```
 */
export function verifyNodeRequest(
  req: NodeRequestLike,
  options: VerifyRequestOptions,
): Promise<VerifyRequestResult> {
  if (req.readableEnded === true) {
    return Promise.reject(
      new SignerError(
        'invalid-argument',
        'The request body was already read (a body parser ran first): verify before parsing.',
      ),
    )
  }
  const url = req.url ?? '/'
  const queryStart = url.indexOf('?')
  const method = (req.method ?? 'GET').toUpperCase()
  const { headers } = req
  return verifyParts(
    {
      method,
      query: queryStart === -1 ? '' : url.slice(queryStart + 1),
      headers,
      // HTTP/1.1 framing: without Content-Length or Transfer-Encoding there is no body.
      hasBody:
        method === 'POST' ||
        method === 'PUT' ||
        headers['content-length'] !== undefined ||
        headers['transfer-encoding'] !== undefined,
      readBody: (maxBytes) => readNodeBody(req, maxBytes),
    },
    options,
  )
}
