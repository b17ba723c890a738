/**
 * The seal the one Parquet writer puts on every file it writes, right after
 * DuckDB's `COPY` and before the file is published: every timestamp marked
 * as a UTC instant (`utc-footer.ts`), and two entries in the footer's
 * key-value metadata (standard Parquet, which every reader keeps or ignores):
 *
 * - `perpkit.partition`: the partition the file was written for
 *   (`kline/symbol=BTCUSDT/date=2026-01-05`), since its rows do not carry
 *   the symbol (a directory names it);
 * - `perpkit.sha256`: the SHA-256 of every byte before the footer (the
 *   magic and all pages), in hex.
 *
 * DuckDB writes no page checksums (the page header's optional `crc` is left
 * out), and reads a page whose bytes were zeroed without an error when the
 * damage still decodes; the checksum is what lets `compact` tell such a file
 * from a good one. Anyone can check it: `head -c <footer start> file |
 * sha256sum`. The footer is rewritten in place after the last page, so no
 * page moves and no offset in it changes.
 *
 * @module
 */
import { createHash } from 'node:crypto'
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs'
import {
  BINARY,
  BOOLEAN_TRUE,
  fieldHeader,
  keyValueStructs,
  LIST,
  listHeader,
  STRUCT,
  ThriftReader,
} from './thrift.ts'
import { timestampFlags } from './utc-footer.ts'

/** The key-value entry holding the partition a file was written for. */
export const SEAL_PARTITION = 'perpkit.partition'
/** The key-value entry holding the SHA-256 (hex) of the bytes before the footer. */
export const SEAL_CHECKSUM = 'perpkit.sha256'

const MAGIC = 'PAR1'
/** `FileMetaData.key_value_metadata` (parquet.thrift). */
const FILE_METADATA_KEY_VALUE = 5

interface Footer {
  /** Offset of the footer (FileMetaData) in the file: the pages end here. */
  start: number
  bytes: Buffer
}

function readFooter(fd: number): Footer {
  const { size } = fstatSync(fd)
  if (size < 12) throw new Error(`too short for a Parquet file (${size} bytes)`)
  const tail = Buffer.alloc(8)
  readSync(fd, tail, 0, 8, size - 8)
  if (tail.subarray(4).toString('latin1') !== MAGIC)
    throw new Error('no Parquet file (it does not end with PAR1)')
  const length = tail.readUInt32LE(0)
  const start = size - 8 - length
  if (start < 4) throw new Error(`its footer length (${length}) does not fit its size (${size})`)
  const bytes = Buffer.alloc(length)
  readSync(fd, bytes, 0, length, start)
  return { start, bytes }
}

/** SHA-256 of the file's bytes `[0, end)`, read a MiB at a time. */
function checksum(fd: number, end: number): string {
  const hash = createHash('sha256')
  const chunk = Buffer.alloc(1 << 20)
  for (let at = 0; at < end; ) {
    const read = readSync(fd, chunk, 0, Math.min(chunk.length, end - at), at)
    if (read === 0) throw new Error('Parquet file ends before its footer')
    hash.update(chunk.subarray(0, read))
    at += read
  }
  return hash.digest('hex')
}

interface KeyValues {
  entries: Map<string, string>
  /** Where the key-value list is: its header, first element, end; and its size. */
  list: { header: number; elements: number; end: number; size: number } | undefined
  /** Offset of FileMetaData's stop byte (the footer's last byte). */
  stop: number
}

function keyValues(footer: Uint8Array): KeyValues {
  const reader = new ThriftReader(footer)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const entries = new Map<string, string>()
  let list: KeyValues['list']
  const stop = reader.struct((id, type) => {
    if (id !== FILE_METADATA_KEY_VALUE || type !== LIST) return false
    const header = reader.at
    const { size, element } = reader.listHeader()
    if (element !== STRUCT) throw new Error('Parquet footer: key_value_metadata is no struct list')
    const elements = reader.at
    for (let i = 0; i < size; i++) {
      let key: string | undefined
      let value = ''
      reader.struct((field, fieldType) => {
        if (fieldType !== BINARY || (field !== 1 && field !== 2)) return false
        const text = decoder.decode(reader.binary())
        if (field === 1) key = text
        else value = text
        return true
      })
      if (key !== undefined) entries.set(key, value)
    }
    list = { header, elements, end: reader.at, size }
    return true
  })
  if (stop !== footer.length - 1) throw new Error('Parquet footer: bytes after FileMetaData')
  return { entries, list, stop }
}

/**
 * Seals a complete Parquet file in place: timestamps as UTC instants, then the partition
 * and the checksum of its pages in the footer's key-value metadata.
 *
 * @param file - A Parquet file DuckDB just wrote (not yet published).
 * @param partition - The partition it is written for (`<root>/symbol=<s>/date=<d>`).
 * @throws {Error} when the footer is not what the Parquet format says, or is sealed already.
 */
export function sealParquetFile(file: string, partition: string): void {
  const fd = openSync(file, 'r+')
  try {
    const { start, bytes } = readFooter(fd)
    for (const at of timestampFlags(bytes))
      bytes[at] = ((bytes[at] as number) & 0xf0) | BOOLEAN_TRUE
    const kv = keyValues(bytes)
    if (kv.entries.has(SEAL_CHECKSUM) || kv.entries.has(SEAL_PARTITION))
      throw new Error(`${file} is sealed already`)
    const added = keyValueStructs([
      [SEAL_PARTITION, partition],
      [SEAL_CHECKSUM, checksum(fd, start)],
    ])
    const footer =
      kv.list === undefined
        ? Buffer.concat([
            bytes.subarray(0, kv.stop),
            Buffer.from([
              ...fieldHeader(FILE_METADATA_KEY_VALUE, LIST),
              ...listHeader(2, STRUCT),
              ...added,
            ]),
            bytes.subarray(kv.stop),
          ])
        : Buffer.concat([
            bytes.subarray(0, kv.list.header),
            Buffer.from([...listHeader(kv.list.size + 2, STRUCT)]),
            bytes.subarray(kv.list.elements, kv.list.end),
            Buffer.from(added),
            bytes.subarray(kv.list.end),
          ])
    const tail = Buffer.alloc(8)
    tail.writeUInt32LE(footer.length, 0)
    tail.write(MAGIC, 4, 'latin1')
    const out = Buffer.concat([footer, tail])
    writeSync(fd, out, 0, out.length, start)
    ftruncateSync(fd, start + out.length)
  } finally {
    closeSync(fd)
  }
}

/** What a file's seal says, and what its pages hash to now. */
export interface Seal {
  /** `perpkit.partition`, when present. */
  partition: string | undefined
  /** `perpkit.sha256`, when present. */
  checksum: string | undefined
  /** The SHA-256 of the file's bytes before its footer, as read now. */
  actual: string
}

/**
 * Reads a file's seal and hashes its pages.
 *
 * @param file - A Parquet file.
 * @returns The seal's entries and the checksum of the pages as they are.
 * @throws {Error} when the file has no Parquet footer, or it does not parse.
 */
export function readSeal(file: string): Seal {
  const fd = openSync(file, 'r')
  try {
    const { start, bytes } = readFooter(fd)
    const { entries } = keyValues(bytes)
    return {
      partition: entries.get(SEAL_PARTITION),
      checksum: entries.get(SEAL_CHECKSUM),
      actual: checksum(fd, start),
    }
  } finally {
    closeSync(fd)
  }
}
