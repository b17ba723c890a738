// Byte <-> lower-case hex conversion. WebCrypto returns raw bytes, so the async path encodes
// them here; a table lookup per byte is several times faster than `toString(16).padStart()`.

const byteToHex: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, '0'),
)

// Char code -> nibble value, -1 for anything that is not a lower-case hex digit.
const hexToNibble = new Int8Array(128).fill(-1)
for (let i = 0; i < 16; i++) hexToNibble['0123456789abcdef'.charCodeAt(i)] = i

/** Encodes bytes as lower-case hex. */
export function encodeHex(bytes: Uint8Array): string {
  let hex = ''
  for (let i = 0; i < bytes.length; i++) hex += byteToHex[bytes[i]!]
  return hex
}

/** Encodes the bytes of an ArrayBuffer (a WebCrypto result) as lower-case hex. */
export function encodeHexBuffer(buffer: ArrayBuffer): string {
  return encodeHex(new Uint8Array(buffer))
}

/**
 * Decodes lower-case hex of exactly `byteLength` bytes; returns `undefined` for anything else
 * (wrong length, upper case, non-hex characters), so callers can report a malformed value.
 */
export function decodeHex(hex: string, byteLength: number): Uint8Array | undefined {
  if (hex.length !== byteLength * 2) return undefined
  const bytes = new Uint8Array(byteLength)
  for (let i = 0; i < byteLength; i++) {
    const high = hexToNibble[hex.charCodeAt(2 * i)] ?? -1
    const low = hexToNibble[hex.charCodeAt(2 * i + 1)] ?? -1
    if (high < 0 || low < 0) return undefined
    bytes[i] = (high << 4) | low
  }
  return bytes
}
