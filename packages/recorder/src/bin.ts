/**
 * The `perpkit-recorder` executable: SIGINT / SIGTERM stop the command after
 * the batch in flight (a second signal exits at once).
 *
 * @module
 */
import { runCli } from './cli/run-cli.ts'

const controller = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(130)
    controller.signal.aborted || controller.abort()
  })
}
process.exitCode = await runCli(process.argv.slice(2), { signal: controller.signal })
// The command has returned: a handle it could not close (a Redis client still reconnecting
// after a worker gave up waiting for Redis) must not keep the process alive.
setTimeout(() => process.exit(), 2_000).unref()
