/**
 * Reading a response body within a size limit: `Content-Length` is checked
 * before reading, and the stream is read chunk by chunk and cancelled as soon
 * as the limit is passed, so a hostile server can cost at most the limit in
 * memory, never the whole of what it sends.
 *
 * @module
 */
import { ResponseTooLargeError } from './errors/guards.ts'
import { UnexpectedResponseError } from './errors/transport.ts'

/**
 * The default `maxResponseBytes`: 16 MiB. The largest payload of the
 * interface, details of every contract (about 1,200 rows), is about 1 MB;
 * depth at 1,000 levels and 500 candles are well under 100 kB. Sixteen times
 * the largest leaves room for the catalog to grow, while a runaway body stops
 * long before it can hurt a process (or a browser tab).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024

const strict = new TextDecoder('utf-8', { fatal: true })
const lenient = new TextDecoder('utf-8')

/**
 * The body as text, or `undefined` when it is not valid UTF-8. The lenient
 * decoder is the fast one (Node's `fatal` decoder costs a fifth more on a
 * 1 MB catalog, some 200 µs a call); it writes U+FFFD for what it cannot
 * decode, so only a text holding one (never a one-byte, pure-ASCII text,
 * where the search ends at once) is decoded again strictly to tell a real
 * U+FFFD from a bad byte.
 */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  const text = lenient.decode(bytes)
  if (!text.includes('\uFFFD')) return text
  try {
    return strict.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * Reads `response`'s body as UTF-8 text, refusing more than `maxBytes`.
 *
 * @param response - A response whose body is unread.
 * @param maxBytes - The most bytes to accept.
 * @param label - The endpoint, for errors.
 * @returns The body text.
 * @throws {@link ResponseTooLargeError} past the limit (the stream is cancelled).
 * @throws {@link UnexpectedResponseError} when the body is not valid UTF-8.
 */
export async function readBody(
  response: Response,
  maxBytes: number,
  label: string,
): Promise<string> {
  const declared = contentLength(response)
  if (declared !== undefined && declared > maxBytes) {
    response.body?.cancel().catch(ignore)
    throw new ResponseTooLargeError(label, response.status, maxBytes, declared)
  }
  if (response.body === null) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      reader.cancel().catch(ignore)
      throw new ResponseTooLargeError(label, response.status, maxBytes, declared ?? null)
    }
    chunks.push(value)
  }
  const bytes = concat(chunks, size)
  const text = decodeUtf8(bytes)
  if (text === undefined) {
    throw new UnexpectedResponseError(
      label,
      response.status,
      response.headers.get('content-type'),
      lenient.decode(bytes),
      response.ok
        ? 'The response body is not valid UTF-8'
        : `HTTP ${response.status} with a body that is not valid UTF-8`,
    )
  }
  return text
}

function contentLength(response: Response): number | undefined {
  const header = response.headers.get('content-length')
  if (header === null || !/^\d+$/.test(header.trim())) return undefined
  return Number(header)
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

function ignore(): void {}
