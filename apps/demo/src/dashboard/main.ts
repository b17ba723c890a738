#!/usr/bin/env tsx
/**
 * perpkit-dashboard: the web dashboard's launcher (`pnpm dashboard`). Parses
 * the arguments, then hands over to `run-dashboard.ts`, loaded only then so
 * that `--help` and bad flags answer at once. Every failure ends as one line
 * on stderr and a non-zero exit code.
 *
 * @module
 */
import { DemoError } from '../demo-error.ts'
import { DASHBOARD_USAGE, type DashboardCommand, parseDashboardArgs } from './args.ts'

async function main(argv: readonly string[]): Promise<number> {
  let command: DashboardCommand
  try {
    command = parseDashboardArgs(argv)
  } catch (error) {
    if (!(error instanceof DemoError)) throw error
    process.stderr.write(`perpkit-dashboard: ${error.message}\n`)
    return error.exitCode
  }
  if (command.kind === 'help') {
    process.stdout.write(`${DASHBOARD_USAGE}\n`)
    return 0
  }
  const { runDashboard } = await import('./run-dashboard.ts')
  return runDashboard(command)
}

// Last resort: whatever escapes still ends as one line, never a stack trace.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`perpkit-dashboard: unexpected error: ${message.split('\n')[0]}\n`)
    process.exit(1)
  })
}

process.exitCode = await main(process.argv.slice(2))
