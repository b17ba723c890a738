/**
 * Where the recorder reads from: a deployment (`--base-url`) or an embedded
 * sandbox (`--sandbox`), through one `@perpkit/client`.
 *
 * @module
 */
import {
  type ClientOptions,
  createClient,
  isPerpkitError,
  type PerpkitClient,
} from '@perpkit/client'
import { RecorderError } from './errors.ts'

/** A client and what to close when done. */
export interface Source {
  client: PerpkitClient
  /** Base URL read from. */
  baseUrl: string
  close(): Promise<void>
}

/** The sandbox module, as `--sandbox` uses it. */
type SandboxModule = Pick<typeof import('@perpkit/sandbox'), 'startSandbox'>

/**
 * Loads `@perpkit/sandbox`, an optional peer dependency of the recorder: only
 * `--sandbox` needs it, so an install without it works for everything else.
 *
 * @param load - The import (a failing one in tests).
 * @returns The module.
 * @throws {@link RecorderError} naming the package to install when it is absent.
 */
export async function loadSandbox(
  load: () => Promise<SandboxModule> = () => import('@perpkit/sandbox'),
): Promise<SandboxModule> {
  try {
    return await load()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error
    throw new RecorderError(
      `--sandbox needs @perpkit/sandbox, an optional peer dependency that is not installed: npm install @perpkit/sandbox (or read a deployment with --base-url). ${(error as Error).message}`,
      1,
    )
  }
}

/**
 * Opens the source the flags name.
 *
 * @param flags - `--base-url` and `--sandbox`.
 * @param clientOptions - Extra client options (a clock in tests).
 * @param load - How the sandbox is imported (see {@link loadSandbox}).
 * @returns The source.
 */
export async function openSource(
  flags: { 'base-url'?: string | undefined; sandbox?: boolean | undefined },
  clientOptions: ClientOptions = {},
  load?: () => Promise<SandboxModule>,
): Promise<Source> {
  if (flags.sandbox && flags['base-url'] !== undefined)
    throw new RecorderError('--sandbox and --base-url exclude each other')
  if (flags.sandbox) {
    // Loaded only when asked for: a worker or a deployment run never pays for it.
    const { startSandbox } = await loadSandbox(load)
    const sandbox = await startSandbox({ quiet: true })
    return {
      client: createClient({ ...clientOptions, baseUrl: sandbox.url }),
      baseUrl: sandbox.url,
      close: () => sandbox.close(),
    }
  }
  const baseUrl = flags['base-url']
  if (baseUrl === undefined) throw new RecorderError('--base-url <url> or --sandbox is required')
  try {
    return { client: createClient({ ...clientOptions, baseUrl }), baseUrl, close: async () => {} }
  } catch (error) {
    if (isPerpkitError(error)) throw new RecorderError(`--base-url: ${error.message}`)
    throw error
  }
}

/**
 * Refuses symbols the deployment does not list, and delisted ones (the API
 * serves no market data for them), before anything is written.
 *
 * @param client - The client.
 * @param symbols - The requested symbols.
 * @throws {@link RecorderError} (exit code 2) naming each refused symbol and why.
 */
export async function checkSymbols(client: PerpkitClient, symbols: string[]): Promise<void> {
  const listed = new Map((await client.getContracts()).map((c) => [c.symbol, c]))
  const unknown = symbols.filter((s) => !listed.has(s))
  if (unknown.length > 0)
    throw new RecorderError(`unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`)
  const delisted = symbols.flatMap((symbol) => {
    const contract = listed.get(symbol)
    if (contract?.status !== 'Delisted') return []
    const since =
      contract.delistTime === null
        ? ''
        : ` since ${new Date(contract.delistTime).toISOString().slice(0, 10)}`
    return [`${symbol} (status Delisted${since})`]
  })
  if (delisted.length > 0)
    throw new RecorderError(
      `delisted: ${delisted.join(', ')}; the API serves no market data for delisted contracts`,
    )
}
