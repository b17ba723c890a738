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
