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
 * published. `seal.ts` sets the flags as it seals a file.
 *
 * @module
 */
import { BOOLEAN_FALSE, BOOLEAN_TRUE, LIST, STRUCT, ThriftReader } from './thrift.ts'

/** Field ids of the Parquet format's Thrift structs (parquet.thrift). */
const FILE_METADATA_SCHEMA = 2
const SCHEMA_ELEMENT_LOGICAL_TYPE = 10
const LOGICAL_TYPE_TIMESTAMP = 8
const TIMESTAMP_IS_ADJUSTED_TO_UTC = 1

/**
 * Offsets (in the footer) of the field headers of every `isAdjustedToUTC` flag.
 *
 * @param footer - The footer's bytes (FileMetaData).
 * @returns The offsets.
 */
export function timestampFlags(footer: Uint8Array): number[] {
  const reader = new ThriftReader(footer)
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
