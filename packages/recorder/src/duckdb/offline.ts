/**
 * DuckDB options that keep it from downloading or loading extensions on its
 * own: what the recorder needs (Parquet, JSON) is built in, and a query that
 * would need more fails instead of reaching the network.
 *
 * @module
 */

/** `DuckDBInstance.create` options: no automatic extension install or load. */
export const NO_EXTENSION_DOWNLOADS = {
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
} as const
