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
 * The typed error for a throw while walking a payload: a
 * {@link PerpkitError} as it is, anything else as a
 * {@link ResponseValidationError} with a one-line reason.
 *
 * @param label - The endpoint.
 * @param trace - The envelope's trace.
 * @param error - What the walk threw.
 * @returns The error to throw.
 */
export function unreadablePayload(
  label: string,
  trace: string | null,
  error: unknown,
): PerpkitError {
  if (error instanceof PerpkitError) return error
  return new ResponseValidationError(
    label,
    [{ path: 'data', expected: 'a payload that can be read', received: describeThrow(error) }],
    trace,
  )
}

/**
 * A one-line reason for whatever was thrown.
 *
 * @param error - The thrown value.
 * @returns `RangeError: Maximum call stack size exceeded`, say.
 */
export function describeThrow(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`
  } catch {
    return 'an unreadable value'
  }
  return typeof error === 'string' ? error : 'a non-error value was thrown'
}
