/**
 * The process side of the demo's two commands (`perpkit-demo` and
 * `perpkit-dashboard`): parse the arguments, answer `--help` and bad flags
 * at once, then load the command's module and run it. Every failure ends as
 * one line on stderr and a non-zero exit code, never a stack trace.
 *
 * @module
 */
import { DemoError } from './demo-error.ts'

/** A command-line program of the demo. */
export interface Program<Run extends { kind: 'run' }> {
  /** Its name: the prefix of every line it writes to stderr. */
  name: string
  /** What `--help` prints. */
  usage: string
  /** Parses the arguments; throws a {@link DemoError} for bad ones. */
  parse(argv: readonly string[]): { kind: 'help' } | Run
  /** Loads the program's module (only now, so that bad flags answer at once) and runs it. */
  run(command: Run): Promise<number>
}

async function main<Run extends { kind: 'run' }>(
  program: Program<Run>,
  argv: readonly string[],
): Promise<number> {
  let command: { kind: 'help' } | Run
  try {
    command = program.parse(argv)
  } catch (error) {
    if (!(error instanceof DemoError)) throw error
    process.stderr.write(`${program.name}: ${error.message}\n`)
    return error.exitCode
  }
  if (command.kind === 'help') {
    process.stdout.write(`${program.usage}\n`)
    return 0
  }
  return program.run(command)
}

/**
 * Runs a program on the process's arguments and sets the exit code.
 *
 * @param program - Name, usage, parser and runner.
 */
export async function startProgram<Run extends { kind: 'run' }>(
  program: Program<Run>,
): Promise<void> {
  // Last resort: whatever escapes still ends as one line, never a stack trace.
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error)
      process.stderr.write(`${program.name}: unexpected error: ${message.split('\n')[0]}\n`)
      process.exit(1)
    })
  }
  process.exitCode = await main(program, process.argv.slice(2))
}
