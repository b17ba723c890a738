/**
 * Turns (turns.ts) on a DuckDB file through one connection: the file opened
 * with the party's settings (read-only, a memory limit; never an extension
 * download, `duckdb/offline.ts`) while its turn lasts, and closed when it
 * gives the file up.
 *
 * @module
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import { createInstance } from '../duckdb/offline.ts'
import { createTurns, type TurnOptions, type Turns } from './turns.ts'

interface Held {
  instance: DuckDBInstance
  conn: DuckDBConnection
}

/**
 * A party's turns on a DuckDB file, handing its work the connection.
 *
 * @param options - The file, the mode, the wait, and DuckDB's settings when it opens the file.
 * @returns The turns.
 */
export function connectionTurns(
  options: Omit<TurnOptions<Held>, 'open' | 'close'> & { settings: Record<string, string> },
): Turns<DuckDBConnection> {
  const turns = createTurns<Held>({
    ...options,
    open: async () => {
      const instance = await createInstance(options.file, options.settings)
      try {
        return { instance, conn: await instance.connect() }
      } catch (error) {
        instance.closeSync()
        throw error
      }
    },
    close: ({ instance, conn }) => {
      conn.closeSync()
      instance.closeSync()
    },
  })
  return {
    use: (work) => turns.use(({ conn }) => work(conn)),
    get held() {
      return turns.held
    },
    release: () => turns.release(),
  }
}
