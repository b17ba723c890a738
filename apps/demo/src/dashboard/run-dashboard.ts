/**
 * Running the dashboard: open the source (the embedded sandbox or
 * `--base-url`) and check the first symbol, or check the archive
 * (`--archive`), build the page if needed, serve the page and its
 * configuration, print the URL, and stop cleanly on SIGINT/SIGTERM.
 *
 * @module
 */
import type { ArchivePageConfig, DashboardConfig } from '../../web/src/dashboard-config.ts'
import { DemoError } from '../demo-error.ts'
import { describeError } from '../errors.ts'
import { type DataSource, openSource } from '../source.ts'
import type { ArchiveApi } from './archive-api.ts'
import type { DashboardArgs } from './args.ts'
import { buildPageIfNeeded, DIST_DIR } from './build-page.ts'
import { type PageServer, startPageServer } from './page-server.ts'

/** Where the run writes: the URL on stdout, notes and errors on stderr. */
export interface DashboardOutput {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

const PROGRAM = 'perpkit-dashboard'

/** The configuration the page reads: no secret but the sandbox's throw-away one. */
function pageConfig(source: DataSource, symbol: string): DashboardConfig {
  const { credentials } = source
  return {
    baseUrl: source.info.url,
    symbol,
    source: source.info.kind,
    credentials:
      credentials === null
        ? null
        : { apiKey: credentials.apiKey, secret: credentials.secret, memo: credentials.memo },
  }
}

async function startServer(
  args: DashboardArgs,
  served: { config: DashboardConfig | ArchivePageConfig; api?: ArchiveApi },
): Promise<PageServer> {
  try {
    return await startPageServer({ root: DIST_DIR, port: args.port, ...served })
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'EADDRINUSE') throw new DemoError(`port ${args.port} is already in use`)
    throw error
  }
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve(signal)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

/**
 * Runs the dashboard until SIGINT or SIGTERM.
 *
 * @param args - The parsed arguments.
 * @param output - Streams.
 * @returns The exit code: 0 after a signal, 1 when it cannot start.
 */
export async function runDashboard(
  args: DashboardArgs,
  output: DashboardOutput = process,
): Promise<number> {
  const signalled = waitForSignal()
  let source: DataSource | undefined
  let server: PageServer | undefined
  const note = (line: string) => output.stderr.write(`${PROGRAM}: note: ${line}\n`)
  try {
    let served: { config: DashboardConfig | ArchivePageConfig; api?: ArchiveApi }
    if (args.archive !== null) {
      const { prepareArchiveMode } = await import('./archive-mode.ts')
      served = await prepareArchiveMode(args.archive, args.symbol, note)
    } else {
      source = await openSource(args.baseUrl, process.env)
      for (const warning of source.warnings) note(warning)
      // Fails fast, in the terminal, on an unknown symbol or an unreachable deployment.
      await source.client.getContracts({ symbol: args.symbol })
      served = { config: pageConfig(source, args.symbol) }
    }
    await buildPageIfNeeded((line) => output.stderr.write(`${PROGRAM}: ${line}\n`))
    server = await startServer(args, served)
    output.stdout.write(`${server.url}\n`)
    await signalled
    return 0
  } catch (error) {
    const url = source?.info.url ?? args.baseUrl ?? undefined
    output.stderr.write(`${PROGRAM}: ${describeError(error, url)}\n`)
    return error instanceof DemoError ? error.exitCode : 1
  } finally {
    await server?.close()
    await source?.close()
  }
}
