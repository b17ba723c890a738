/**
 * Every failure a response can cause is a {@link PerpkitError}. A hostile
 * payload can make the code that walks it throw something else: JSON nested
 * 200,000 deep parses, then overflows the stack of whatever recurses into it
 * (`RangeError: Maximum call stack size exceeded`). This guard turns such
 * throws into the caller's typed error.
 *
 * @module
 */
import { PerpkitError } from './errors/base.ts'
import { ResponseValidationError } from './errors/transport.ts'

/**
 * Runs a step that reads a payload; anything but a {@link PerpkitError} it
 * throws becomes `fail(reason)`.
 *
 * @param step - Parsing, validating or decoding.
 * @param fail - Builds the typed error from a one-line reason.
 * @returns What `step` returns.
 */
export function guardPayload<T>(step: () => T, fail: (reason: string) => PerpkitError): T {
  try {
    return step()
  } catch (error) {
    if (error instanceof PerpkitError) throw error
    throw fail(describeThrow(error))
  }
}

/**
 * The {@link ResponseValidationError} for a payload that could not be walked.
 *
 * @param label - The endpoint.
 * @param trace - The envelope's trace.
 * @returns A function for {@link guardPayload}'s `fail`.
 */
export function unreadableData(
  label: string,
  trace: string | null,
): (reason: string) => ResponseValidationError {
  return (reason) =>
    new ResponseValidationError(
      label,
      [{ path: 'data', expected: 'a payload that can be read', received: reason }],
      trace,
    )
}

function describeThrow(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return typeof error === 'string' ? error : 'a non-error value was thrown'
}
