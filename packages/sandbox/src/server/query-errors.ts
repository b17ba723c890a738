/**
 * From a failed query validation (the table's `query` schema) to the error a
 * live server gives: the failing parameter decides the code.
 *
 * @module
 */
import { apiErrorCodes, queryParameterErrorCodes } from '@perpkit/schemas'
import { liveMessages, unknownSymbol, WireError } from '../wire/wire-error.ts'

/** A validation issue: where (`path[0]` is the parameter) and why. */
export interface QueryIssue {
  path: readonly PropertyKey[]
  message: string
}

/** Parameters in the order a server checks them: the first failing one answers. */
const checkOrder = ['symbol', 'step', 'start_time', 'end_time', 'limit']

function rank(issue: QueryIssue): number {
  const index = checkOrder.indexOf(String(issue.path[0]))
  return index === -1 ? checkOrder.length : index
}

/**
 * The error for a failed query: symbol 40034 "Symbol Not Exist" (or
 * `symbolCode`), step 40038 "Invalid K-Line Step", start_time / end_time
 * 40039, limit and anything else 40007; HTTP 400, no `data` key.
 *
 * @param issues - The schema's issues (at least one).
 * @param symbolCode - The code for a bad symbol on this endpoint.
 */
export function queryError(
  issues: readonly QueryIssue[],
  symbolCode: number = apiErrorCodes.UNKNOWN_SYMBOL,
): WireError {
  const first = [...issues].sort((a, b) => rank(a) - rank(b))[0]
  if (first === undefined) {
    return new WireError(400, apiErrorCodes.PARAMETER_ERROR, 'Invalid parameters', 'contract')
  }
  const parameter = String(first.path[0] ?? '')
  if (parameter === 'symbol') return unknownSymbol('', symbolCode)
  // The live code of each parameter (the same table the OpenAPI document states); others 40007.
  const code = queryParameterErrorCodes[parameter] ?? apiErrorCodes.PARAMETER_ERROR
  const message = code === apiErrorCodes.INVALID_STEP ? liveMessages.invalidStep : first.message
  return new WireError(400, code, message, 'contract')
}
