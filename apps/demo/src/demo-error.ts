/**
 * The demo's own error: its message is the line to print. Kept apart from
 * `errors.ts` so that parsing arguments loads no perpkit package.
 *
 * @module
 */

/**
 * An error whose message is already the line to print (a bad flag, an
 * unknown symbol, a sandbox that would not start).
 *
 * @example
 * ```ts
 * throw new DemoError('unknown symbol "NOPE"')
 * ```
 */
export class DemoError extends Error {
  override name = 'DemoError'
  /** Process exit code: 2 for usage errors, 1 for the rest. */
  readonly exitCode: number

  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.exitCode = options.exitCode ?? 1
  }
}
