/**
 * Decimal strings to DuckDB DECIMAL(38,18) values without a string cast
 * (DuckDB's VARCHAR → DECIMAL(38,18) cast is the slow part of an insert).
 *
 * @module
 */
import { DuckDBDecimalValue } from '@duckdb/node-api'
import { RecorderError } from '../errors.ts'

/** Digits after the point of every stored price and amount. */
const SCALE = 18
const WIDTH = 38
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * A decimal string (`"-97123.45"`) as an exact DECIMAL(38,18).
 *
 * @param text - A decimal string as the schemas define it.
 * @returns The DuckDB value.
 * @throws {@link RecorderError} when it has more than 18 decimals or 20 integer digits.
 */
export function toDecimal(text: string): DuckDBDecimalValue {
  const match = DECIMAL.exec(text)
  const fraction = match?.[3] ?? ''
  const integer = match?.[2] ?? ''
  if (
    match === null ||
    fraction.length > SCALE ||
    integer.replace(/^0+/, '').length > WIDTH - SCALE
  )
    throw new RecorderError(`${JSON.stringify(text)} does not fit DECIMAL(38,18) exactly`, 1)
  return new DuckDBDecimalValue(
    BigInt(`${match[1]}${integer}${fraction.padEnd(SCALE, '0')}`),
    WIDTH,
    SCALE,
  )
}
