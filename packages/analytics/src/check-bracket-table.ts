import { expectedCums, type ParsedBracket, parseBrackets } from './internal/brackets.ts'
import { type Decimal, toDecimalString, toRecord } from './internal/decimal.ts'
import type { BracketInput } from './types.ts'

/**
 * Parameters of {@link checkBracketTable}: the table to check.
 *
 * @example
 * ```ts
 * import type { LeverageBracket } from '@perpkit/schemas'
 *
 * declare const brackets: LeverageBracket[]
 * const p: CheckBracketTableParameters<LeverageBracket> = { brackets }
 * ```
 */
export interface CheckBracketTableParameters<B extends BracketInput = BracketInput> {
  /** The bracket table to check. */
  brackets: readonly B[]
}

/**
 * One problem found by {@link checkBracketTable}.
 *
 * @example
 * ```ts
 * const problem: BracketTableProblem = {
 *   index: 2, field: 'cum', message: 'brackets[2].cum is 1250, expected 1300',
 *   expected: '1300', actual: '1250',
 * }
 * ```
 */
export interface BracketTableProblem {
  /** Index of the bracket in the table, or `null` for a problem of the whole table. */
  index: number | null
  /** The field at fault (`'table'` for the whole table). */
  field:
    | 'table'
    | 'bracket'
    | 'notionalFloor'
    | 'notionalCap'
    | 'maintMarginRatio'
    | 'cum'
    | 'initialLeverage'
  /** A sentence describing the problem. */
  message: string
  /** The value the field should hold, when there is one. */
  expected?: string
  /** The value the field holds, when `expected` is given. */
  actual?: string
}

/**
 * What {@link checkBracketTable} returns: the problems found, `[]` for a sound table.
 *
 * @example
 * ```ts
 * declare const problems: CheckBracketTableReturnType
 * if (problems.length > 0) console.warn(problems.map((p) => p.message).join('\n'))
 * ```
 */
export type CheckBracketTableReturnType = BracketTableProblem[]

/**
 * Checks that a bracket table is internally consistent and returns every
 * problem found (an empty list for a sound table). It checks that the table
 * is non-empty; tiers are numbered 1, 2, ... (when `bracket` is present);
 * the first floor is 0; each `floor < cap`; each `floor_n` equals
 * `cap_(n-1)` (ascending, no gap, no overlap); ratios do not decrease and
 * leverage does not increase; and `cum` follows `cum_1 = 0`,
 * `cum_n = cum_(n-1) + floor_n * (mmr_n - mmr_(n-1))` (see {@link computeCum}).
 *
 * @param parameters - `brackets`, the table to check.
 * @returns the list of problems, in table order.
 * @throws {@link AnalyticsInputError} when `brackets` is not an array or a field
 *   is not a decimal (a malformed value is an input error, not a table problem).
 * @example
 * ```ts
 * import { checkBracketTable } from '@perpkit/analytics'
 *
 * const problems = checkBracketTable({
 *   brackets: [
 *     { bracket: 1, initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000, maintMarginRatio: '0.004', cum: 0 },
 *     { bracket: 2, initialLeverage: 100, notionalFloor: 50_000, notionalCap: 250_000, maintMarginRatio: '0.005', cum: 40 },
 *   ],
 * })
 * problems[0]?.message // 'brackets[1].cum is 40, expected 50'
 * ```
 */
export function checkBracketTable<B extends BracketInput>(
  parameters: CheckBracketTableParameters<B>,
): CheckBracketTableReturnType {
  toRecord(parameters, 'parameters')
  const parsed = parseBrackets(parameters.brackets, false)
  const problems: BracketTableProblem[] = []
  if (parsed.length === 0) {
    return [{ index: null, field: 'table', message: 'the table has no brackets' }]
  }
  const cums = expectedCums(parsed)
  parsed.forEach((b, i) => {
    const at = `brackets[${i}]`
    const previous = parsed[i - 1]
    const number = (b.source as BracketInput).bracket
    if (number !== undefined && number !== i + 1) {
      problems.push(mismatch(i, 'bracket', `${at}.bracket is out of sequence`, i + 1, number))
    }
    if (previous === undefined && !b.floor.eq(0)) {
      problems.push(mismatch(i, 'notionalFloor', `${at}.notionalFloor must start at 0`, 0, b.floor))
    }
    if (b.cap.lte(b.floor)) {
      problems.push({
        index: i,
        field: 'notionalCap',
        message: `${at}.notionalCap (${b.cap.toFixed()}) is not above its notionalFloor (${b.floor.toFixed()})`,
      })
    }
    if (previous !== undefined) checkAgainstPrevious(problems, b, previous, i)
    const cum = cums[i]
    if (cum !== undefined && !cum.eq(b.cum)) {
      problems.push(
        mismatch(
          i,
          'cum',
          `${at}.cum is ${b.cum.toFixed()}, expected ${cum.toFixed()}`,
          cum,
          b.cum,
        ),
      )
    }
  })
  return problems
}

function checkAgainstPrevious<B>(
  problems: BracketTableProblem[],
  b: ParsedBracket<B>,
  previous: ParsedBracket<B>,
  i: number,
): void {
  const at = `brackets[${i}]`
  if (!b.floor.eq(previous.cap)) {
    const kind = b.floor.gt(previous.cap) ? 'leaves a gap after' : 'overlaps'
    problems.push(
      mismatch(
        i,
        'notionalFloor',
        `${at}.notionalFloor ${kind} the previous bracket's notionalCap`,
        previous.cap,
        b.floor,
      ),
    )
  }
  if (b.mmr.lt(previous.mmr)) {
    problems.push({
      index: i,
      field: 'maintMarginRatio',
      message: `${at}.maintMarginRatio (${b.mmr.toFixed()}) is below the previous bracket's (${previous.mmr.toFixed()})`,
    })
  }
  if (b.leverage.gt(previous.leverage)) {
    problems.push({
      index: i,
      field: 'initialLeverage',
      message: `${at}.initialLeverage (${b.leverage.toFixed()}) is above the previous bracket's (${previous.leverage.toFixed()})`,
    })
  }
}

function mismatch(
  index: number,
  field: BracketTableProblem['field'],
  message: string,
  expected: Decimal | number,
  actual: Decimal | number,
): BracketTableProblem {
  return { index, field, message, expected: plain(expected), actual: plain(actual) }
}

function plain(value: Decimal | number): string {
  return typeof value === 'number' ? String(value) : toDecimalString(value)
}
