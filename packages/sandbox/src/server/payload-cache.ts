/**
 * The serialized payloads of the last second, so that a burst of the same
 * request is served from bytes already written. Every payload is a
 * deterministic function of (seed, path, query, now), and within one second
 * of the clock only its `"timestamp":<now in ms>` fields change (depth,
 * funding-rate, open-interest stamp the request's millisecond): a payload is
 * kept split at those fields, for the second it was built in, and served with
 * the request's own millisecond put back. A test checks that property for
 * every endpoint. Kept within a byte budget, the oldest entries dropped first.
 *
 * @module
 */

/** What the cache holds at most, in bytes of payload. */
const MAX_BYTES = 64 * 1024 * 1024

/**
 * Payloads below this size are served as one string (one copy into the
 * response with the envelope), larger ones as buffers written as they are.
 */
const SMALL_PAYLOAD = 16 * 1024

/** A payload ready to send: text (small ones) or buffers (large ones, never copied). */
export type Payload = string | Buffer[]

interface Entry {
  second: number
  /** The payload, split where its `"timestamp":<now>` fields were: text, or bytes when large. */
  segments: string[] | Buffer[]
  bytes: number
}

/** The text a payload stamps the request's time with. */
function stampOf(now: number): string {
  return `"timestamp":${now}`
}

/** Payload bytes by request, for the second they were built in. */
export class PayloadCache {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  /**
   * The payload of `key` (path and raw query) at `now` (epoch ms) if it was
   * built in the same second, with `now` in its timestamp fields.
   */
  get(key: string, now: number): Payload | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined || entry.second !== Math.floor(now / 1000)) return undefined
    return stamp(entry.segments, now)
  }

  /** Keeps the payload `text` of `key` built at `now`; returns it ready to send. */
  set(key: string, now: number, text: string): Payload {
    const parts = text.split(stampOf(now))
    const bytes = Buffer.byteLength(text)
    const segments = bytes < SMALL_PAYLOAD ? parts : parts.map((part) => Buffer.from(part))
    this.drop(key)
    if (bytes <= MAX_BYTES) {
      this.entries.set(key, { second: Math.floor(now / 1000), segments, bytes })
      this.bytes += bytes
      for (const oldest of this.entries.keys()) {
        if (this.bytes <= MAX_BYTES) break
        this.drop(oldest)
      }
    }
    return stamp(segments, now)
  }

  private drop(key: string): void {
    const entry = this.entries.get(key)
    if (entry === undefined) return
    this.bytes -= entry.bytes
    this.entries.delete(key)
  }
}

/** The segments with `now` stamped between them. */
function stamp(segments: readonly string[] | readonly Buffer[], now: number): Payload {
  if (typeof segments[0] === 'string') return (segments as string[]).join(stampOf(now))
  if (segments.length === 1) return [...(segments as Buffer[])]
  const mark = Buffer.from(stampOf(now))
  const out: Buffer[] = []
  for (let i = 0; i < segments.length; i++) {
    if (i > 0) out.push(mark)
    out.push(segments[i] as Buffer)
  }
  return out
}
