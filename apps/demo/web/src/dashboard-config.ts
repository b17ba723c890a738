/**
 * What the launcher tells the page at `/config.json`: where the interface
 * is, which contract to show first, and how to sign. Shared by the launcher
 * (which writes it) and the page (which reads it).
 *
 * @module
 */

/** Credentials as plain strings, for the page's WebCrypto signer. */
interface PageCredentials {
  apiKey: string
  secret: string
  memo: string
}

/** The page's configuration. */
export interface DashboardConfig {
  /** Base URL of the interface: the embedded sandbox, or `--base-url`. */
  baseUrl: string
  /** The contract shown first. */
  symbol: string
  /** `'sandbox'` when the launcher started one (faults are available then). */
  source: 'sandbox' | 'remote'
  /**
   * The embedded sandbox's throw-away credentials (random per run), or those
   * of the environment with `--base-url`; `null` sends unsigned requests.
   */
  credentials: PageCredentials | null
}

/** The page's configuration in archive mode (`--archive <file>`): no interface, no credentials. */
export interface ArchivePageConfig {
  source: 'archive'
  /** The contract shown first, when the archive holds it. */
  symbol: string
  /** The archive's file name, for the header. */
  archive: string
}

/** Where the launcher serves the configuration. */
export const CONFIG_PATH = '/config.json'

/**
 * Reads an untrusted JSON value as a configuration.
 *
 * @param value - The parsed `/config.json`.
 * @returns The configuration.
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function readDashboardConfig(value: unknown): DashboardConfig {
  const record = (value ?? {}) as Record<string, unknown>
  const text = (field: string, from = record): string => {
    const field_ = from[field]
    if (typeof field_ !== 'string' || field_ === '') {
      throw new Error(`${CONFIG_PATH}: '${field}' must be a non-empty string`)
    }
    return field_
  }
  const baseUrl = text('baseUrl')
  const symbol = text('symbol')
  const source = text('source')
  if (source !== 'sandbox' && source !== 'remote') {
    throw new Error(`${CONFIG_PATH}: 'source' must be 'sandbox' or 'remote'`)
  }
  const raw = record.credentials
  let credentials: PageCredentials | null = null
  if (raw !== null && raw !== undefined) {
    const from = raw as Record<string, unknown>
    credentials = {
      apiKey: text('apiKey', from),
      secret: text('secret', from),
      memo: text('memo', from),
    }
  }
  return { baseUrl, symbol, source, credentials }
}

/**
 * Reads an untrusted JSON value as either configuration: archive mode when
 * `source` is `'archive'`, the live market otherwise.
 *
 * @param value - The parsed `/config.json`.
 * @returns The configuration.
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function readPageConfig(value: unknown): DashboardConfig | ArchivePageConfig {
  const record = (value ?? {}) as Record<string, unknown>
  if (record.source !== 'archive') return readDashboardConfig(value)
  for (const field of ['symbol', 'archive'] as const) {
    if (typeof record[field] !== 'string' || record[field] === '') {
      throw new Error(`${CONFIG_PATH}: '${field}' must be a non-empty string`)
    }
  }
  return { source: 'archive', symbol: record.symbol as string, archive: record.archive as string }
}
