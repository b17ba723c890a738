/**
 * Parquet times as UTC instants in milliseconds. DuckDB 1.5 writes a
 * `TIMESTAMP_MS` column as `TIMESTAMP(isAdjustedToUTC=false, MILLIS)`, a
 * wall-clock time that Spark, Trino and pandas do not read as an instant,
 * and a `TIMESTAMPTZ` column as UTC but in microseconds; it has no option for
 * both (a `COPY` option is merged upstream for a later release). So the
 * recorder writes `TIMESTAMP_MS` and then sets the flag in the file's footer.
 *
 * The flag is a Thrift compact-protocol boolean, whose value lives in its
 * field header's type nibble (1 true, 2 false): setting it changes one byte
 * in place and no length, so no offset in the file moves. The footer is
 * walked by the Parquet format's own field ids (FileMetaData.schema →
 * SchemaElement.logicalType → LogicalType.TIMESTAMP → isAdjustedToUTC); the
 * converted type DuckDB also writes (TIMESTAMP_MILLIS) already means UTC. A
 * footer that does not parse as expected is an error: the file is then not
 * published.
 *
 * @module
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs'

const MAGIC = 'PAR1'
const BOOLEAN_TRUE = 1
const BOOLEAN_FALSE = 2
const STRUCT = 12
const LIST = 9
const SET = 10
const MAP = 11

/** Field ids of the Parquet format's Thrift structs (parquet.thrift). */
const FILE_METADATA_SCHEMA = 2
const SCHEMA_ELEMENT_LOGICAL_TYPE = 10
const LOGICAL_TYPE_TIMESTAMP = 8
const TIMESTAMP_IS_ADJUSTED_TO_UTC = 1

class Reader {
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

  /** Skips one value of a compact-protocol type. */
  skip(type: number): void {
    if (type === BOOLEAN_TRUE || type === BOOLEAN_FALSE) return
    if (type === 3) this.at += 1
    else if (type >= 4 && type <= 6) this.varint()
    else if (type === 7) this.at += 8
    else if (type === 8) {
      const length = this.varint() // read before `this.at` is: the varint moves it
      this.at += length
    } else if (type === LIST || type === SET) {
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
   * Walks a struct's fields; `visit` handles a field (returning true) or lets it be skipped.
   *
   * @param visit - Called with each field's id, type and header offset.
   */
  struct(visit: (id: number, type: number, header: number) => boolean): void {
    let id = 0
    for (;;) {
      const header = this.at
      const b = this.byte()
      if (b === 0) return
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

/**
 * Marks every timestamp column of a Parquet file as UTC-adjusted, in place.
 *
 * @param file - A complete Parquet file (not yet published).
 * @returns How many timestamp columns were marked.
 * @throws {Error} when the file's footer is not what the Parquet format says.
 */
export function markTimestampsUtc(file: string): number {
  const fd = openSync(file, 'r+')
  try {
    const { size } = fstatSync(fd)
    if (size < 12) throw new Error(`${file} is too short for a Parquet file`)
    const tail = Buffer.alloc(8)
    readSync(fd, tail, 0, 8, size - 8)
    if (tail.subarray(4).toString('latin1') !== MAGIC) throw new Error(`${file} is no Parquet file`)
    const length = tail.readUInt32LE(0)
    const start = size - 8 - length
    const footer = Buffer.alloc(length)
    readSync(fd, footer, 0, length, start)
    const flags = timestampFlags(footer)
    for (const at of flags) {
      const header = footer[at] as number
      if ((header & 0x0f) === BOOLEAN_TRUE) continue
      const patched = Buffer.from([(header & 0xf0) | BOOLEAN_TRUE])
      writeSync(fd, patched, 0, 1, start + at)
    }
    return flags.length
  } finally {
    closeSync(fd)
  }
}

/**
 * Offsets (in the footer) of the field headers of every `isAdjustedToUTC` flag.
 *
 * @param footer - The footer's bytes (FileMetaData).
 * @returns The offsets.
 */
export function timestampFlags(footer: Uint8Array): number[] {
  const reader = new Reader(footer)
  const flags: number[] = []
  reader.struct((id, type) => {
    if (id !== FILE_METADATA_SCHEMA || type !== LIST) return false
    const { size, element } = reader.listHeader()
    if (element !== STRUCT) throw new Error('Parquet footer: schema is not a list of structs')
    for (let i = 0; i < size; i++)
      reader.struct((field, fieldType) => {
        if (field !== SCHEMA_ELEMENT_LOGICAL_TYPE || fieldType !== STRUCT) return false
        reader.struct((kind, kindType) => {
          if (kind !== LOGICAL_TYPE_TIMESTAMP || kindType !== STRUCT) return false
          reader.struct((flag, flagType, header) => {
            if (flag !== TIMESTAMP_IS_ADJUSTED_TO_UTC) return false
            if (flagType !== BOOLEAN_TRUE && flagType !== BOOLEAN_FALSE)
              throw new Error('Parquet footer: isAdjustedToUTC is not a boolean')
            flags.push(header)
            return true
          })
          return true
        })
        return true
      })
    return true
  })
  return flags
}
