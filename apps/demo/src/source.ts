/**
 * Where the snapshot comes from: the embedded sandbox (rate limits and
 * signed mode on, throw-away credentials), or a deployment given with
 * `--base-url` (signed when the environment holds credentials).
 *
 * @module
 */
import { randomUUID } from 'node:crypto'
import { createClient, type PerpkitClient } from '@perpkit/client'
import { startSandbox } from '@perpkit/sandbox'
import { type Credentials, createCredentials } from '@perpkit/signer'
import { DemoError } from './demo-error.ts'
import type { SourceInfo } from './snapshot-types.ts'

/** Environment variables that hold credentials for `--base-url`. */
const CREDENTIAL_VARIABLES = {
  apiKey: 'PERPKIT_API_KEY',
  secret: 'PERPKIT_API_SECRET',
  memo: 'PERPKIT_API_MEMO',
} as const

/** An open source of market data. */
export interface DataSource {
  client: PerpkitClient
  info: SourceInfo
  /** What the client signs with (throw-away ones for the sandbox), or `null` when unsigned. */
  credentials: Credentials | null
  /** Notes for stderr (e.g. incomplete credentials). */
  warnings: string[]
  /** Stops the sandbox, if there is one; safe to call twice. */
  close(): Promise<void>
}

type Env = Record<string, string | undefined>

/** Client settings shared by both sources: the interface's rate limits, a few retries. */
const CLIENT_DEFAULTS = { rateLimit: true, retry: 2 } as const

/**
 * Reads credentials from {@link CREDENTIAL_VARIABLES}: all three or none.
 *
 * @param env - The environment.
 * @returns The credentials (redacted when printed), or `null`, and a warning
 *   when only some of the variables are set.
 */
function readEnvCredentials(env: Env): {
  credentials: Credentials | null
  warning?: string
} {
  const apiKey = env[CREDENTIAL_VARIABLES.apiKey] ?? ''
  const secret = env[CREDENTIAL_VARIABLES.secret] ?? ''
  const memo = env[CREDENTIAL_VARIABLES.memo] ?? ''
  const missing = Object.values(CREDENTIAL_VARIABLES).filter((name) => (env[name] ?? '') === '')
  if (missing.length === 3) return { credentials: null }
  if (missing.length > 0) {
    return {
      credentials: null,
      warning: `${missing.join(' and ')} not set: sending unsigned requests`,
    }
  }
  try {
    return { credentials: createCredentials({ apiKey, secret, memo }) }
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    throw new DemoError(`bad credentials in the environment: ${reason}`)
  }
}

/**
 * Starts the embedded sandbox with its live budgets (the default) and every
 * endpoint signed (`endpointAuth: 'SIGNED'`, a deployment that signs every
 * call), and a client that signs every request with throw-away credentials
 * (random per run): the signature of each call is checked end to end.
 *
 * @returns The source; `close()` stops the sandbox.
 * @throws {@link DemoError} when the sandbox cannot start.
 */
async function openSandboxSource(): Promise<DataSource> {
  const credentials = createCredentials({
    apiKey: `demo-${randomUUID()}`,
    secret: randomUUID(),
    memo: randomUUID(),
  })
  const sandbox = await startSandbox({
    port: 0,
    seed: 1,
    credentials: { apiKey: credentials.apiKey, secret: credentials.secret, memo: credentials.memo },
    endpointAuth: 'SIGNED',
    quiet: true,
  }).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DemoError(`cannot start the sandbox: ${reason}`, { cause: error })
  })
  return {
    client: createClient({
      ...CLIENT_DEFAULTS,
      baseUrl: sandbox.url,
      credentials,
      auth: 'SIGNED',
      timeout: 5_000,
    }),
    info: { kind: 'sandbox', url: sandbox.url, signed: true, rateLimited: true },
    credentials,
    warnings: [],
    close: () => sandbox.close(),
  }
}

/**
 * A client of a deployment of the interface; signed when the environment
 * holds all three credentials.
 *
 * @param baseUrl - The deployment's base URL.
 * @param env - The environment.
 * @returns The source; `close()` has nothing to stop.
 */
function openRemoteSource(baseUrl: string, env: Env): DataSource {
  const { credentials, warning } = readEnvCredentials(env)
  const client = createClient({
    ...CLIENT_DEFAULTS,
    baseUrl,
    timeout: 10_000,
    ...(credentials === null ? {} : { credentials, auth: 'SIGNED' as const }),
  })
  return {
    client,
    info: { kind: 'remote', url: baseUrl, signed: credentials !== null, rateLimited: null },
    credentials,
    warnings: warning === undefined ? [] : [warning],
    close: async () => {},
  }
}

/**
 * Opens the source the `--base-url` option names: that deployment, or the
 * embedded sandbox without one.
 *
 * @param baseUrl - The deployment's base URL, or `null` for the sandbox.
 * @param env - The environment (credentials of a deployment).
 * @returns The source; print its `warnings`, and `close()` it when done.
 * @throws {@link DemoError} when the sandbox cannot start or the credentials are bad.
 */
export async function openSource(baseUrl: string | null, env: Env): Promise<DataSource> {
  return baseUrl === null ? openSandboxSource() : openRemoteSource(baseUrl, env)
}
