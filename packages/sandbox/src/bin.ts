#!/usr/bin/env node
/**
 * The `perpkit-sandbox` executable.
 *
 * @module
 */
import { runCli } from './cli/run-cli.ts'

runCli(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `perpkit-sandbox: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
})
