/**
 * What `compact` checks of every file before a row of it is published
 * again, and of its own merged file before that is published:
 *
 * 1. **The seal** (`parquet/seal.ts`): the SHA-256 of the file's pages
 *    equals the one its writer put in its footer (damaged bytes, even ones
 *    DuckDB decodes without an error, fail here), and the partition it was
 *    written for is the one it is in (rows carry no symbol: a file copied
 *    into another symbol's directory fails here). A file without a seal was
 *    not written by the recorder and cannot be checked: it fails too.
 * 2. **The schema**: the file's columns (names, physical and logical types,
 *    precision and scale, the timestamps' UTC flag and unit) are those the one
 *    writer writes for the root.
 * 3. **Every row** (one scan of every column): its time in the partition's
 *    UTC date; no null where the declaration allows none; candles with a kline
 *    step, opening on a minute and, for steps of a day or less, on a multiple
 *    of the step; decimals kept as text parse as decimals; JSON parses; gap
 *    rows name a declared dataset; and no key twice in one file.
 *
 * Market values themselves are not judged (a mark-price candle's volume is
 * often 0; the API's numbers are stored as sent): what is checked is what the
 * recorder guarantees of what it writes.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import { KLINE_STEPS } from '@perpkit/schemas/lite'
import { DECIMAL_PATTERN, isNullable } from '../datasets/columns.ts'
import { columnsSql } from '../datasets/table.ts'
import { sqlList, sqlString } from '../duckdb/sql.ts'
import { GAPS_LAYOUT, type ParquetLayout, utcDate } from '../parquet/layout.ts'
import { readSeal } from '../parquet/seal.ts'
import { selectFileColumns, writeParquetFile } from '../parquet/write-parquet.ts'

/** A partition a file is checked against. */
export interface CheckTarget {
  layout: ParquetLayout
  /** `YYYY-MM-DD`, from the partition's directory. */
  date: string
  /** The partition's key (`<root>/symbol=<s>/date=<d>`). */
  key: string
  /** The declared datasets' names (what a gap row may name). */
  datasets: readonly string[]
}

/** A file's verdict: its rows, or why it is refused. */
export type FileVerdict = { ok: true; rows: number } | { ok: false; reason: string }

/** What `parquet_schema` says of a column, as compared. */
type ColumnShape = string

const DAY_MS = 86_400_000
/** Steps that divide a UTC day: their candles open on multiples of the step since the epoch. */
const DAY_STEP = 1440

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

async function columnShapes(conn: DuckDBConnection, file: string): Promise<ColumnShape[]> {
  const rows = (
    await conn.runAndReadAll(
      `SELECT name, type, type_length, converted_type, scale, precision, logical_type
       FROM parquet_schema(${sqlString(file)}) WHERE num_children IS NULL ORDER BY column_id`,
    )
  ).getRowObjectsJson()
  return rows.map((r) =>
    [r.name, r.type, r.type_length, r.converted_type, r.scale, r.precision, r.logical_type]
      .map((v) => (v === null ? '' : String(v)))
      .join(' '),
  )
}

/**
 * The columns the one writer writes for a root, read from an empty file it writes.
 *
 * @param conn - A connection.
 * @param layout - The root's layout.
 * @param scratch - A directory for the file.
 * @returns One shape per column.
 */
export async function expectedShapes(
  conn: DuckDBConnection,
  layout: ParquetLayout,
  scratch: string,
): Promise<ColumnShape[]> {
  const table = `expected_${layout.root.replaceAll('-', '_')}`
  const file = `${scratch}/${table}.parquet`
  await conn.run(`CREATE TABLE ${table} (${columnsSql(layout.columns).join(', ')})`)
  await writeParquetFile(conn, selectFileColumns(layout, table), file, layout.root)
  await conn.run(`DROP TABLE ${table}`)
  return columnShapes(conn, file)
}

/** Row checks: a label, and a condition every good row meets. */
function rowChecks(target: CheckTarget): [label: string, good: string][] {
  const { layout, date } = target
  const start = Date.parse(`${date}T00:00:00Z`)
  const checks: [string, string][] = []
  for (const [name, type] of layout.columns) {
    if (!isNullable(type)) checks.push([`null ${name}`, `${name} IS NOT NULL`])
    if (type === 'decimal-text')
      checks.push([
        `${name} not a decimal`,
        `regexp_matches(${name}, ${sqlString(DECIMAL_PATTERN.source)})`,
      ])
    if (type === 'json') checks.push([`${name} not JSON`, `json_valid(${name})`])
  }
  checks.push([
    `${layout.time} outside ${date}`,
    `epoch_ms(${layout.time}) >= ${start} AND epoch_ms(${layout.time}) < ${start + DAY_MS}`,
  ])
  if (layout.candles)
    checks.push(
      ['step not a kline step', `step IN (${KLINE_STEPS.join(', ')})`],
      ['open_time not on a minute', 'epoch_ms(open_time) % 60000 = 0'],
      [
        'open_time not on its step',
        `step > ${DAY_STEP} OR epoch_ms(open_time) % (step * 60000) = 0`,
      ],
    )
  if (layout.root === GAPS_LAYOUT.root)
    checks.push(['dataset not declared', `dataset IN ${sqlList([...target.datasets])}`])
  return checks
}

/**
 * Checks one file against its partition (see the module's comment).
 *
 * @param conn - A connection.
 * @param file - A local path holding the file's bytes.
 * @param target - Its partition.
 * @param expected - The root's column shapes ({@link expectedShapes}).
 * @returns Its row count, or why it is refused.
 */
export async function checkFile(
  conn: DuckDBConnection,
  file: string,
  target: CheckTarget,
  expected: readonly ColumnShape[],
): Promise<FileVerdict> {
  let seal: ReturnType<typeof readSeal>
  try {
    seal = readSeal(file)
  } catch (error) {
    return { ok: false, reason: `unreadable: ${firstLine(error)}` }
  }
  if (seal.checksum === undefined)
    return {
      ok: false,
      reason:
        'no perpkit.sha256 in its footer (not written by the recorder): its pages cannot be checked',
    }
  if (seal.checksum !== seal.actual)
    return {
      ok: false,
      reason: 'its pages do not match the checksum in its footer (changed after it was written)',
    }
  if (seal.partition !== target.key)
    return { ok: false, reason: `written for ${seal.partition}, found in ${target.key}` }
  if (utcDate(Date.parse(`${target.date}T00:00:00Z`) || 0) !== target.date)
    return { ok: false, reason: `the partition's date ${target.date} is no UTC date` }
  const source = `read_parquet(${sqlString(file)})`
  try {
    const shapes = await columnShapes(conn, file)
    if (shapes.join('\n') !== expected.join('\n'))
      return {
        ok: false,
        reason: `its columns [${shapes.join('; ')}] are not the ${target.layout.root} layout's [${expected.join('; ')}]`,
      }
    const checks = rowChecks(target)
    const columns = target.layout.columns.map(([name]) => name)
    const [counts] = (
      await conn.runAndReadAll(
        `SELECT count(*)::BIGINT AS n,
           -- every value of every column decoded, whatever the checks read
           bit_xor(hash(${columns.join(', ')})) AS digest,
           ${checks.map(([, good], i) => `count(*) FILTER (WHERE NOT coalesce(${good}, false))::BIGINT AS bad_${i}`).join(',\n')}
         FROM ${source}`,
      )
    ).getRowObjectsJson()
    const [twice] = (
      await conn.runAndReadAll(
        `SELECT count(*)::BIGINT AS n FROM (SELECT 1 FROM ${source} GROUP BY ${target.layout.key.join(', ')} HAVING count(*) > 1)`,
      )
    ).getRowObjectsJson()
    const problems = checks
      .map(([label], i) => [label, Number(counts?.[`bad_${i}`])] as const)
      .filter(([, n]) => n > 0)
      .map(([label, n]) => `${n} row(s) with ${label}`)
    if (Number(twice?.n) > 0)
      problems.push(`${Number(twice?.n)} key(s) (${target.layout.key.join(', ')}) twice`)
    if (problems.length > 0) return { ok: false, reason: problems.join(', ') }
    return { ok: true, rows: Number(counts?.n) }
  } catch (error) {
    return { ok: false, reason: `unreadable: ${firstLine(error)}` }
  }
}
