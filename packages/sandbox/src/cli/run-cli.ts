/**
 * The `perpkit-sandbox` command: start, print the URL, log requests, stop
 * cleanly (exit code 0) on SIGINT or SIGTERM.
 *
 * @module
 */
import { readFileSync } from 'node:fs'
import { type Sandbox, startSandbox } from '../start-sandbox.ts'
import { parseCliArgs, USAGE } from './parse-cli-args.ts'

/** The package version, from the manifest two levels up in both `src/cli` and `dist/cli`. */
function packageVersion(): string {
  const manifest = readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  return (JSON.parse(manifest) as { version: string }).version
}

/** Where the command writes. */
export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
}

const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}

/**
 * Runs the command with `argv` (without the node and script paths).
 *
 * @returns The running sandbox, or `undefined` after `--help`, `--version` or a usage error
 *   (then `process.exitCode` is 2).
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo = processIo,
): Promise<Sandbox | undefined> {
  // Like most CLIs, --version answers alone, whatever else the line holds.
  if (argv.includes('--version') || argv.includes('-v')) {
    io.out(packageVersion())
    return undefined
  }
  let command: ReturnType<typeof parseCliArgs>
  try {
    command = parseCliArgs(argv)
  } catch (error) {
    io.err(`perpkit-sandbox: ${error instanceof Error ? error.message : String(error)}\n`)
    io.err(USAGE)
    process.exitCode = 2
    return undefined
  }
  if (command.help) {
    io.out(USAGE)
    return undefined
  }
  const { options } = command
  const sandbox = await startSandbox({
    ...options,
    ...(options.quiet === true ? {} : { log: io.err }),
  })
  const seed = options.seed ?? 1
  const mode = [
    options.rateLimit === false ? 'no rate limits' : undefined,
    options.credentials !== undefined ? 'signed mode' : undefined,
    options.quirks === false ? 'no quirks' : undefined,
    options.contracts !== undefined ? `contracts ${options.contracts}` : undefined,
  ].filter((part) => part !== undefined)
  const details = [`seed ${seed}`, `pid ${process.pid}`, ...mode].join(', ')
  io.out(`perpkit-sandbox listening on ${sandbox.url} (${details})`)
  const stop = (signal: NodeJS.Signals) => {
    io.err(`perpkit-sandbox: ${signal}, closing`)
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    void sandbox.close().then(() => {
      process.exitCode = 0
    })
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return sandbox
}
