/**
 * What the state modules share about requests that fail: the text a
 * failure shows, whether it was a cancellation.
 *
 * @module
 */
import { describeError } from '../../../src/errors.ts'

/** A failure as the page shows it: the typed error's name and one readable line. */
export function errorText(error: unknown): string {
  const name = error instanceof Error ? error.name : 'Error'
  return `${name}: ${describeError(error)}`
}

/** Whether a failure is a cancelled request (a switch of symbol or step): not worth showing. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}
