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
