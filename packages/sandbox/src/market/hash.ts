/**
 * Counter-based randomness: every random number of the market is a pure
 * function of (seed, key, indices), so any minute, second or level can be
 * computed on its own, without state and in any order.
 *
 * @module
 */

/** Final mixer of MurmurHash3: a fast, well-spread 32-bit permutation. */
function mix32(value: number): number {
  let h = value | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Hashes two 32-bit values into one. */
export function hash2(a: number, b: number): number {
  return mix32(mix32(a ^ 0x9e3779b9) + (b | 0))
}

/** Hashes three 32-bit values into one. */
export function hash3(a: number, b: number, c: number): number {
  return mix32(hash2(a, b) + Math.imul(c | 0, 0x27d4eb2f))
}

/** Hashes four 32-bit values into one. */
export function hash4(a: number, b: number, c: number, d: number): number {
  return mix32(hash3(a, b, c) + Math.imul(d | 0, 0x165667b1))
}

/** Hashes a string (FNV-1a, then mixed) to 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return mix32(h)
}

/** A 32-bit hash as a uniform number in [0, 1). */
export function unit(h: number): number {
  return h / 4294967296
}

/** A 32-bit hash as a uniform number in [-1, 1). */
export function signedUnit(h: number): number {
  return h / 2147483648 - 1
}

/**
 * A small deterministic stream of random numbers started from a hash
 * (SplitMix32): used where one node needs many numbers in a row.
 */
export class Stream {
  private state: number

  constructor(seed: number) {
    this.state = seed | 0
  }

  /** Next uniform number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x9e3779b9) | 0
    return unit(mix32(this.state))
  }

  /** Next approximately standard-normal number (Irwin-Hall of four uniforms, rescaled). */
  gaussian(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508075688772
  }
}
