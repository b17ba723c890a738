#!/usr/bin/env tsx
/**
 * perpkit-dashboard: the web dashboard's launcher (`pnpm dashboard`). Parses
 * the arguments, then hands over to `run-dashboard.ts`, loaded only then so
 * that `--help` and bad flags answer at once. Every failure ends as one line
 * on stderr and a non-zero exit code.
 *
 * @module
 */
import { startProgram } from '../entry.ts'
import { DASHBOARD_USAGE, parseDashboardArgs } from './args.ts'

await startProgram({
  name: 'perpkit-dashboard',
  usage: DASHBOARD_USAGE,
  parse: parseDashboardArgs,
  run: async (command) => (await import('./run-dashboard.ts')).runDashboard(command),
})
