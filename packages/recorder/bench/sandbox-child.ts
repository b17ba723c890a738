/**
 * A sandbox in a process of its own, so the RSS benchmark measures the
 * recorder alone: prints its URL as one line, serves until stdin closes.
 */
import { startSandbox } from '@perpkit/sandbox'

const sandbox = await startSandbox({
  seed: 7,
  quiet: true,
  rateLimit: false,
  now: () => Date.UTC(2026, 1, 1),
})
process.stdout.write(`${sandbox.url}\n`)
process.stdin.resume()
process.stdin.on('end', () => {
  void sandbox.close().then(() => process.exit(0))
})
