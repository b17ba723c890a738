/**
 * Column types of the declarations: for each, its DuckDB type, how a row's
 * value goes into a statement, how it reads back as one canonical text (the
 * dedup key's), and how it is written to Parquet. Every decimal is checked
 * here before DuckDB sees it: DuckDB's text → DECIMAL cast rounds what does
 * not fit, and the recorder stores exactly or refuses.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'

/**
 * The type of a declared column:
 * - `time`, `time?`: epoch ms (a number; `null` allowed with `?`), stored as `TIMESTAMP_MS`
 *   (UTC), written to Parquet as a UTC instant in milliseconds;
 * - `decimal`: a decimal string, `DECIMAL(38,18)` (20 integer digits, 18 decimals): prices,
 *   quantities, rates;
 * - `decimal-text`: a decimal string of any length, stored as its text (`VARCHAR`, checked to
 *   be a decimal): open interest and its value, which live servers send with 18 to 22 or more
 *   decimals (its value is contracts × contract size × price, exact), more than any DuckDB
 *   `DECIMAL` holds beside their integer digits. Cast it in a query to the precision you
 *   need (`open_interest_value::DECIMAL(38,8)`, which rounds there, or `::DOUBLE`);
 * - `integer`, `boolean`, `text`, `text?` (nullable), `json` (JSON text).
 *
 * A value that does not fit its decimal type is refused (a {@link RecorderError}), never rounded.
 *
 * @example
 * ```ts
 * const type: ColumnType = 'decimal-text'
 * ```
 */
export type ColumnType =
  | 'time'
  | 'time?'
  | 'decimal'
  | 'decimal-text'
  | 'integer'
  | 'boolean'
  | 'text'
  | 'text?'
  | 'json'

/** The JavaScript value of a column type in a row (`'time'` is epoch ms, `'decimal'` a string). */
type ValueOf<T extends ColumnType> = T extends 'time'
  ? number
  : T extends 'time?'
    ? number | null
    : T extends 'integer'
      ? number
      : T extends 'boolean'
        ? boolean
        : T extends 'text?'
          ? string | null
          : string

/**
 * A dataset's own columns, in storage order (besides `dataset` and `symbol`).
 *
 * @example
 * ```ts
 * const columns = { funding_time: 'time', funding_rate: 'decimal' } as const satisfies Columns
 * ```
 */
export type Columns = Readonly<Record<string, ColumnType>>

/**
 * One row of a dataset: `symbol` and a value per declared column.
 *
 * @example
 * ```ts
 * const row: RowOf<{ funding_time: 'time'; funding_rate: 'decimal' }> = {
 *   symbol: 'BTCUSDT', funding_time: Date.UTC(2026, 0, 1, 8), funding_rate: '0.0001',
 * }
 * ```
 */
export type RowOf<C extends Columns> = { readonly symbol: string } & {
  readonly [K in keyof C]: ValueOf<C[K]>
}

/**
 * A row with its values erased, as the storage code handles every dataset alike.
 *
 * @example
 * ```ts
 * const row: AnyRow = { symbol: 'BTCUSDT', funding_time: Date.UTC(2026, 0, 1, 8), funding_rate: '0.0001' }
 * ```
 */
export type AnyRow = { readonly symbol: string } & { readonly [column: string]: unknown }

interface DecimalShape {
  /** Digits after the point the type holds (any number when text). */
  scale: number
  /** Digits before the point the type holds (any number when text). */
  integerDigits: number
}

/** What the storage code needs of each column type. */
interface TypeInfo {
  /** The DuckDB type, with `NOT NULL` unless nullable. */
  sql: string
  nullable: boolean
  decimal?: DecimalShape
}

const DECIMAL: DecimalShape = { scale: 18, integerDigits: 20 }
const DECIMAL_TEXT: DecimalShape = {
  scale: Number.POSITIVE_INFINITY,
  integerDigits: Number.POSITIVE_INFINITY,
}

const TYPES: Record<ColumnType, TypeInfo> = {
  time: { sql: 'TIMESTAMP_MS', nullable: false },
  'time?': { sql: 'TIMESTAMP_MS', nullable: true },
  decimal: { sql: 'DECIMAL(38,18)', nullable: false, decimal: DECIMAL },
  'decimal-text': { sql: 'VARCHAR', nullable: false, decimal: DECIMAL_TEXT },
  integer: { sql: 'INTEGER', nullable: false },
  boolean: { sql: 'BOOLEAN', nullable: false },
  text: { sql: 'VARCHAR', nullable: false },
  'text?': { sql: 'VARCHAR', nullable: true },
  json: { sql: 'JSON', nullable: false },
}

/**
 * The DuckDB type of a column type (`DECIMAL(38,18)`, `TIMESTAMP_MS`, ...).
 *
 * @param type - The column type.
 * @returns The type as DuckDB spells it.
 */
export function sqlType(type: ColumnType): string {
  return TYPES[type].sql
}

/**
 * Whether a column type allows `null`.
 *
 * @param type - The column type.
 * @returns True for `time?` and `text?`.
 */
export function isNullable(type: ColumnType): boolean {
  return TYPES[type].nullable
}

/**
 * The integer digits and decimals a decimal column type holds.
 *
 * @param type - The column type.
 * @returns Its shape, or undefined when it is no decimal.
 */
export function decimalShape(type: ColumnType): DecimalShape | undefined {
  return TYPES[type].decimal
}

/**
 * The SQL expression a statement parameter `$n` of this type becomes.
 *
 * @param type - The column type.
 * @param n - The parameter number.
 * @returns e.g. `epoch_ms($3::BIGINT)` or `$4::DECIMAL(38,18)`.
 */
export function paramSql(type: ColumnType, n: number): string {
  if (type === 'time' || type === 'time?') return `epoch_ms($${n}::BIGINT)`
  if (type === 'decimal' || type === 'json') return `$${n}::${TYPES[type].sql}`
  return `$${n}`
}

/**
 * The SQL expression reading a stored column back as its canonical form's source:
 * epoch ms for times, text for decimals and JSON.
 *
 * @param type - The column type.
 * @param column - The column name.
 * @returns The expression, aliased to the column's name.
 */
export function readSql(type: ColumnType, column: string): string {
  if (type === 'time' || type === 'time?') return `epoch_ms(${column}) AS ${column}`
  if (TYPES[type].decimal !== undefined || type === 'json') return `${column}::VARCHAR AS ${column}`
  return column
}

/**
 * The SQL expression of a column in a Parquet file: times as `TIMESTAMP_MS` from any
 * source (a table's `TIMESTAMP_MS`, or a file's UTC instant), the rest as stored.
 *
 * @param type - The column type.
 * @param column - The column name.
 * @returns The expression, aliased to the column's name.
 */
export function fileSql(type: ColumnType, column: string): string {
  if (type === 'time' || type === 'time?')
    return `make_timestamp_ms(epoch_ms(${column}))::TIMESTAMP_MS AS ${column}`
  return `${column}::${TYPES[type].sql} AS ${column}`
}

/** A decimal's text: digits, a point and digits, an optional minus (the SQL checks of `compact` use its source). */
export const DECIMAL_PATTERN = /^-?(\d+)(?:\.(\d+))?$/

function refuse(text: string, type: ColumnType, where: string): never {
  const shape = TYPES[type].decimal as DecimalShape
  throw new RecorderError(
    Number.isFinite(shape.scale)
      ? `${where}: ${JSON.stringify(text)} does not fit ${TYPES[type].sql} exactly (at most ${shape.integerDigits} integer digits and ${shape.scale} decimals); refused rather than rounded`
      : `${where}: ${JSON.stringify(text)} is not a decimal`,
    1,
  )
}

/**
 * Checks that a decimal string fits its column type exactly.
 *
 * @param text - The value.
 * @param type - A decimal column type.
 * @param where - `dataset.column`, for the message.
 * @returns The text.
 * @throws {@link RecorderError} when it is no decimal or does not fit.
 */
export function checkDecimal(text: string, type: ColumnType, where: string): string {
  const shape = TYPES[type].decimal
  if (shape === undefined) return text
  const match = DECIMAL_PATTERN.exec(text)
  if (match === null) refuse(text, type, where)
  const integer = (match[1] as string).replace(/^0+/, '')
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (integer.length > shape.integerDigits || fraction.length > shape.scale)
    refuse(text, type, where)
  return text
}

/**
 * A decimal as one text per value, so wire text (`97123.4`) and DuckDB's
 * DECIMAL text (`97123.400000000000000000`) key alike.
 *
 * @param text - A decimal string.
 * @returns Its shortest form: no `+`, no leading or trailing zeros, no `-0`.
 */
export function canonicalDecimal(text: string): string {
  const negative = text.startsWith('-')
  const [whole = '', fraction = ''] = text.replace(/^[-+]/, '').split('.')
  const int = whole.replace(/^0+/, '') || '0'
  const frac = fraction.replace(/0+$/, '')
  const body = frac === '' ? int : `${int}.${frac}`
  return negative && /[1-9]/.test(body) ? `-${body}` : body
}

/**
 * One value as the text a dedup key is made of, whether it comes from the wire
 * (a row) or from storage ({@link readSql}): numbers as digits, decimals in
 * their {@link canonicalDecimal} form, booleans as `true` / `false`.
 *
 * @param type - The column type.
 * @param value - The value.
 * @returns Its canonical text (`null` for a null).
 */
export function canonicalValue(type: ColumnType, value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (TYPES[type].decimal !== undefined) return canonicalDecimal(String(value))
  if (type === 'time' || type === 'time?' || type === 'integer') return String(Number(value))
  if (type === 'boolean') return String(value === true || value === 'true')
  if (type === 'json') return JSON.stringify(JSON.parse(String(value)))
  return String(value)
}
