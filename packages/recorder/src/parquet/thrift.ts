/**
 * The Thrift compact protocol, as far as the recorder reads and writes a
 * Parquet footer (`FileMetaData`, parquet.thrift): walking structs by field
 * id with the offset of each field header, and encoding the few values it
 * adds (a list of key-value structs). No generated code: the footer is
 * walked in place, so a byte can be patched or a field appended without
 * re-serialising what DuckDB wrote.
 *
 * @module
 */

/** Compact-protocol type nibbles. */
export const BOOLEAN_TRUE = 1
export const BOOLEAN_FALSE = 2
export const BINARY = 8
export const LIST = 9
const SET = 10
const MAP = 11
export const STRUCT = 12

/** Reads compact-protocol values from a byte array, tracking its offset. */
export class ThriftReader {
  at = 0
  constructor(readonly bytes: Uint8Array) {}

  byte(): number {
    const value = this.bytes[this.at++]
    if (value === undefined) throw new Error('Parquet footer ends early')
    return value
  }

  varint(): number {
    let result = 0
    let shift = 0
    for (;;) {
      const b = this.byte()
      result += (b & 0x7f) * 2 ** shift
      if ((b & 0x80) === 0) return result
      shift += 7
      if (shift > 63) throw new Error('Parquet footer: varint too long')
    }
  }

  /** A `binary` / `string` value: its length, then its bytes. */
  binary(): Uint8Array {
    const length = this.varint()
    const start = this.at
    this.at += length
    if (this.at > this.bytes.length) throw new Error('Parquet footer ends early')
    return this.bytes.subarray(start, this.at)
  }

  /** Skips one value of a compact-protocol type. */
  skip(type: number): void {
    if (type === BOOLEAN_TRUE || type === BOOLEAN_FALSE) return
    if (type === 3) this.at += 1
    else if (type >= 4 && type <= 6) this.varint()
    else if (type === 7) this.at += 8
    else if (type === BINARY) this.binary()
    else if (type === LIST || type === SET) {
      const { size, element } = this.listHeader()
      for (let i = 0; i < size; i++)
        if (element === BOOLEAN_TRUE || element === BOOLEAN_FALSE) this.at += 1
        else this.skip(element)
    } else if (type === MAP) {
      const size = this.varint()
      if (size > 0) {
        const kinds = this.byte()
        for (let i = 0; i < size; i++) {
          this.skip(kinds >> 4)
          this.skip(kinds & 0x0f)
        }
      }
    } else if (type === STRUCT) this.struct(() => false)
    else throw new Error(`Parquet footer: unknown Thrift type ${type}`)
  }

  listHeader(): { size: number; element: number } {
    const header = this.byte()
    const short = header >> 4
    return { size: short === 15 ? this.varint() : short, element: header & 0x0f }
  }

  /**
   * Walks a struct's fields up to and including its stop byte; `visit` reads a field
   * (returning true) or lets it be skipped.
   *
   * @param visit - Called with each field's id, type and header offset.
   * @returns The offset of the struct's stop byte.
   */
  struct(visit: (id: number, type: number, header: number) => boolean): number {
    let id = 0
    for (;;) {
      const header = this.at
      const b = this.byte()
      if (b === 0) return header
      const type = b & 0x0f
      const delta = b >> 4
      if (delta === 0) {
        const zigzag = this.varint()
        id = (zigzag >>> 1) ^ -(zigzag & 1)
      } else id += delta
      if (!visit(id, type, header)) this.skip(type)
    }
  }
}

function varint(value: number): number[] {
  const out: number[] = []
  let rest = value
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80)
    rest = Math.floor(rest / 0x80)
  }
  out.push(rest)
  return out
}

/**
 * A field header in the long form (type, then the zigzag id), valid wherever it stands
 * in a struct, whatever field came before.
 *
 * @param id - The field id (positive).
 * @param type - Its compact-protocol type.
 * @returns The header's bytes.
 */
export function fieldHeader(id: number, type: number): number[] {
  return [type, ...varint(id * 2)]
}

/**
 * A list header.
 *
 * @param size - The number of elements.
 * @param element - Their compact-protocol type.
 * @returns The header's bytes.
 */
export function listHeader(size: number, element: number): number[] {
  return size < 15 ? [(size << 4) | element] : [0xf0 | element, ...varint(size)]
}

/**
 * Structs `{ 1: string key, 2: string value }` (Parquet's `KeyValue`), each with its stop byte.
 *
 * @param entries - Keys and values.
 * @returns The structs' bytes, one after the other.
 */
export function keyValueStructs(entries: readonly (readonly [string, string])[]): number[] {
  const out: number[] = []
  const text = (value: string) => {
    const bytes = new TextEncoder().encode(value)
    out.push(...varint(bytes.length), ...bytes)
  }
  for (const [key, value] of entries) {
    out.push((1 << 4) | BINARY)
    text(key)
    out.push((1 << 4) | BINARY)
    text(value)
    out.push(0)
  }
  return out
}
