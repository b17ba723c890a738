/**
 * The one way the recorder opens DuckDB: every instance, on a file or in
 * memory, with automatic extension install and load turned off. What the
 * recorder needs (Parquet, CSV, JSON) is built in, and a query or a file that
 * would need more (a SQLite file as `--db`, an `s3://` path) fails instead of
 * downloading a native extension over the network and loading it into the
 * process.
 *
 * @module
 */
import { DuckDBInstance } from '@duckdb/node-api'

/** `DuckDBInstance.create` options: no automatic extension install or load. */
const NO_EXTENSION_DOWNLOADS = {
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
} as const

/**
 * Creates a DuckDB instance with {@link NO_EXTENSION_DOWNLOADS}.
 *
 * @param path - A database file, or `:memory:`.
 * @param settings - More settings (`memory_limit`, `access_mode`, `threads`, ...).
 * @returns The instance.
 */
export function createInstance(
  path: string,
  settings: Record<string, string> = {},
): Promise<DuckDBInstance> {
  return DuckDBInstance.create(path, { ...settings, ...NO_EXTENSION_DOWNLOADS })
}
