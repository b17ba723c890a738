/**
 * Response compression as a CDN in front of a live deployment does it: gzip
 * or deflate when the request's `Accept-Encoding` asks for it (gzip first),
 * for bodies of at least {@link MIN_COMPRESSED_BYTES}, with `node:zlib` on
 * its thread pool at the fastest level.
 *
 * @module
 */
import { constants, deflate, gzip } from 'node:zlib'

/** A content coding the sandbox can send. */
export type ContentCoding = 'gzip' | 'deflate'

/** Bodies shorter than this go out as they are (error bodies, small payloads). */
export const MIN_COMPRESSED_BYTES = 1024

const zlibOptions = { level: constants.Z_BEST_SPEED }

/**
 * The coding to answer with for an `Accept-Encoding` header: `gzip` when
 * accepted (explicitly or by `*`) with a non-zero q-value, else `deflate`,
 * else none.
 */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0)
  }
  const wildcard = weights.get('*') ?? 0
  for (const coding of ['gzip', 'deflate'] as const) {
    if ((weights.get(coding) ?? wildcard) > 0) return coding
  }
  return undefined
}

/** Compresses `body` with `coding`. */
export function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  const run = coding === 'gzip' ? gzip : deflate
  return new Promise((resolve, reject) => {
    run(body, zlibOptions, (error, result) => (error === null ? resolve(result) : reject(error)))
  })
}
