/**
 * The `perpkit-recorder` executable: SIGINT / SIGTERM stop the command after
 * the batch in flight, which then exits 130 / 143 (a second signal exits at
 * once, with the same code).
 *
 * @module
 */

import { runCli } from './cli/run-cli.ts'
import { interruptedExitCode } from './cli/stop-signal.ts'

const controller = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(interruptedExitCode(signal))
    // The reason names the signal: the command's exit code and its `interrupted` event say it.
    controller.abort(signal)
  })
}
process.exitCode = await runCli(process.argv.slice(2), { signal: controller.signal })
// The command has returned: a handle it could not close (a Redis client still reconnecting
// after a worker gave up waiting for Redis) must not keep the process alive.
setTimeout(() => process.exit(), 2_000).unref()
