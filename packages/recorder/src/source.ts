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

/**
 * Opens the source the flags name.
 *
 * @param flags - `--base-url` and `--sandbox`.
 * @param clientOptions - Extra client options (a clock in tests).
 * @returns The source.
 */
export async function openSource(
  flags: { 'base-url'?: string | undefined; sandbox?: boolean | undefined },
  clientOptions: ClientOptions = {},
): Promise<Source> {
  if (flags.sandbox && flags['base-url'] !== undefined)
    throw new RecorderError('--sandbox and --base-url exclude each other')
  if (flags.sandbox) {
    // Loaded only when asked for: a worker or a deployment run never pays for it.
    const { startSandbox } = await import('@perpkit/sandbox')
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
 * Refuses symbols the deployment does not list (before anything is written).
 *
 * @param client - The client.
 * @param symbols - The requested symbols.
 */
export async function checkSymbols(client: PerpkitClient, symbols: string[]): Promise<void> {
  const listed = new Set((await client.getContracts()).map((c) => c.symbol))
  const unknown = symbols.filter((s) => !listed.has(s))
  if (unknown.length > 0)
    throw new RecorderError(`unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`)
}
