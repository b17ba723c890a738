import { DemoError } from '../src/demo-error.ts'

/**
 * The usage error an argument parser throws for `argv`; fails the test when
 * it throws nothing or something else.
 */
export function usageErrorOf(
  parse: (argv: readonly string[]) => unknown,
  argv: readonly string[],
): DemoError {
  try {
    parse(argv)
  } catch (error) {
    if (error instanceof DemoError) return error
    throw error
  }
  throw new Error(`no error for ${argv.join(' ')}`)
}
