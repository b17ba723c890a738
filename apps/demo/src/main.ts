#!/usr/bin/env tsx
/**
 * perpkit-demo: a market snapshot of perpetual contracts in the terminal,
 * from every perpkit package. Parses the arguments, then hands over to
 * `run.ts`, loaded only then so that `--help` and bad flags answer at once.
 * Every failure ends as one line on stderr and a non-zero exit code.
 *
 * @module
 */
import { parseDemoArgs, USAGE } from './args.ts'
import { startProgram } from './entry.ts'

await startProgram({
  name: 'perpkit-demo',
  usage: USAGE,
  parse: parseDemoArgs,
  run: async (command) => (await import('./run.ts')).runDemo(command),
})
