#!/usr/bin/env tsx
/**
 * perpkit-demo: a market snapshot of perpetual contracts in the terminal,
 * from every perpkit package. Parses the arguments, then hands over to
 * `run.ts`, loaded only then so that `--help` and bad flags answer at once.
 * Every failure ends as one line on stderr and a non-zero exit code.
 *
 * @module
 */
import { type DemoCommand, parseDemoArgs, USAGE } from './args.ts'
import { DemoError } from './demo-error.ts'

function reportUnexpected(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`perpkit-demo: unexpected error: ${message.split('\n')[0]}\n`)
}

async function main(argv: readonly string[]): Promise<number> {
  let command: DemoCommand
  try {
    command = parseDemoArgs(argv)
  } catch (error) {
    if (!(error instanceof DemoError)) throw error
    process.stderr.write(`perpkit-demo: ${error.message}\n`)
    return error.exitCode
  }
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const { runDemo } = await import('./run.ts')
  return runDemo(command)
}

// Last resort: whatever escapes still ends as one line, never a stack trace.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    reportUnexpected(error)
    process.exit(1)
  })
}

process.exitCode = await main(process.argv.slice(2))
