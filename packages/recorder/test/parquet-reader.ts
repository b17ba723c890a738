/**
 * A Parquet reader that is not DuckDB (hyparquet, pure JavaScript), for
 * checking what the recorder's files say to other engines: each column's
 * type as the footer states it (the timestamp's UTC flag and unit, the
 * decimal's precision and scale), and every value exact (decimals decoded
 * from their bytes with BigInt, not hyparquet's floats).
 */
import { readFileSync } from 'node:fs'
import { type FileMetaData, parquetMetadata, parquetReadObjects } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'

/** A column as the file's footer declares it. */
export interface FileColumn {
  name: string
  physical: string
  timestamp?: { utc: boolean; unit: string }
  decimal?: { precision: number; scale: number }
}

/** A value read back: times as epoch numbers in the file's unit, decimals as exact strings. */
export type FileValue = string | number | boolean | null

/** Big-endian two's complement bytes of a scaled decimal, as its exact text. */
function decimalText(bytes: Uint8Array, scale: number): string {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  if (bytes.length > 0 && ((bytes[0] as number) & 0x80) !== 0)
    value -= 1n << BigInt(bytes.length * 8)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0')
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  return negative ? `-${text}` : text
}

/**
 * Reads a Parquet file with hyparquet.
 *
 * @param file - The file.
 * @returns Its columns as declared and its rows.
 */
export async function readParquet(
  file: string,
): Promise<{ columns: FileColumn[]; rows: Record<string, FileValue>[] }> {
  const bytes = readFileSync(file)
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  const metadata = parquetMetadata(buffer)
  const columns: FileColumn[] = metadata.schema.slice(1).map((element) => {
    const logical = element.logical_type
    return {
      name: element.name,
      physical: String(element.type),
      ...(logical?.type === 'TIMESTAMP'
        ? { timestamp: { utc: logical.isAdjustedToUTC, unit: logical.unit } }
        : {}),
      ...(element.converted_type === 'DECIMAL'
        ? { decimal: { precision: Number(element.precision), scale: Number(element.scale) } }
        : {}),
    }
  })
  // Decimals as raw bytes (hyparquet would turn them into floats), decoded below.
  const raw: FileMetaData = {
    ...metadata,
    schema: metadata.schema.map((element) => {
      if (element.converted_type !== 'DECIMAL') return element
      const { converted_type: _converted, logical_type: _logical, ...bytes } = element
      return bytes
    }),
  }
  const rows = (await parquetReadObjects({
    file: buffer,
    metadata: raw,
    compressors,
    utf8: false,
    parsers: {
      timestampFromMilliseconds: (v) => Number(v),
      timestampFromMicroseconds: (v) => Number(v),
      stringFromBytes: (b) => new TextDecoder().decode(b),
      jsonFromBytes: (b) => new TextDecoder().decode(b),
    },
  })) as Record<string, unknown>[]
  return {
    columns,
    rows: rows.map((row) =>
      Object.fromEntries(
        columns.map((c) => {
          const value = row[c.name]
          if (value === null || value === undefined) return [c.name, null]
          if (c.decimal !== undefined)
            return [c.name, decimalText(value as Uint8Array, c.decimal.scale)]
          if (value instanceof Uint8Array) return [c.name, new TextDecoder().decode(value)]
          if (typeof value === 'bigint') return [c.name, Number(value)]
          return [c.name, value as FileValue]
        }),
      ),
    ),
  }
}
