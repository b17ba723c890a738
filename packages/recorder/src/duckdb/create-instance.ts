/**
 * The one way the recorder opens DuckDB: every instance, on a file or in
 * memory, with automatic extension install and load turned off. Left on,
 * DuckDB answers a query or a file it cannot read alone (a SQLite file as
 * `--db`, an `s3://` path) by downloading a native extension over the network
 * and loading it into the process; the recorder needs none (Parquet and CSV
 * are built in).
 *
 * @module
 */
import { DuckDBInstance } from '@duckdb/node-api'

/** Settings every instance gets, whatever the caller asks for. */
export const SAFE_SETTINGS = {
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
} as const

/**
 * Creates a DuckDB instance with {@link SAFE_SETTINGS}.
 *
 * @param path - A database file, or `:memory:`.
 * @param settings - More settings (`memory_limit`, `access_mode`, `threads`, ...).
 * @returns The instance.
 */
export function createInstance(
  path: string,
  settings: Record<string, string> = {},
): Promise<DuckDBInstance> {
  return DuckDBInstance.create(path, { ...settings, ...SAFE_SETTINGS })
}
