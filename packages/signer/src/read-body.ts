// Reading a request body once, within a byte cap counted on the stream itself (a
// Content-Length header can lie or be absent; chunked bodies have none).

/** The default cap on a request body: 1 MiB. */
export const defaultMaxBodyBytes = 1_048_576

/** Result of a capped read: the bytes, or `undefined` once the cap was passed. */
export type CappedBytes = Uint8Array | undefined

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * Decodes a body as UTF-8, `undefined` for invalid UTF-8 (which no client signed as JSON
 * text, so it is reported as a signature mismatch).
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * Whether a declared `Content-Length` already exceeds the cap (so nothing needs reading).
 * A missing or unparsable value says nothing: the stream count decides.
 */
export function declaredTooLarge(contentLength: string | undefined, maxBytes: number): boolean {
  if (contentLength === undefined || !/^\d{1,16}$/.test(contentLength)) return false
  return Number(contentLength) > maxBytes
}

/** Joins chunks into one array of `total` bytes. */
export function concatBytes(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}

/**
 * Reads a WHATWG stream to its end, or cancels it as soon as more than `maxBytes` arrived.
 */
export async function readStreamCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<CappedBytes> {
  if (stream === null) return new Uint8Array(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  return concatBytes(chunks, total)
}
