/**
 * The one error the CLI reports as a message (no stack): bad input, a locked
 * or newer database. Anything else is a bug and shows its stack.
 *
 * @module
 */

/**
 * An error caused by the user's input or environment, reported as one line.
 *
 * @example
 * ```ts
 * throw new RecorderError('--from 2026-02-01 is after --to 2026-01-01')
 * ```
 */
export class RecorderError extends Error {
  override name = 'RecorderError'
  /** Process exit code: 2 for bad input (usage), 1 otherwise. */
  readonly exitCode: number

  constructor(message: string, exitCode = 2) {
    super(message)
    this.exitCode = exitCode
  }
}

/**
 * A one-line, never empty description of a failure: its message, or for an
 * error without one (a refused connection's `AggregateError`, a socket closed
 * by Redis) its code, its inner errors and its name.
 *
 * @param error - What was thrown or emitted.
 * @returns e.g. `connect ECONNREFUSED 127.0.0.1:6379`.
 * @example
 * ```ts
 * describeError(new AggregateError([new Error('connect ECONNREFUSED 127.0.0.1:6379')], ''))
 * // 'connect ECONNREFUSED 127.0.0.1:6379'
 * ```
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.message.trim() !== '') return error.message
    const inner =
      error instanceof AggregateError
        ? [...new Set(error.errors.map(describeError))].join('; ')
        : ''
    const code = (error as NodeJS.ErrnoException).code
    return (
      [code, inner].filter((s) => s !== undefined && s !== '').join(': ') ||
      `${error.name} (no message)`
    )
  }
  const text = String(error)
  return text.trim() === '' ? 'an unnamed failure' : text
}
