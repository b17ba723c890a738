/**
 * Archive mode (`--archive <file>`): check the file once at start-up, so a
 * missing file, a file that is not a recorder archive or one of a newer schema
 * fails in the terminal. A running recorder lets the check in between its
 * writes; a process that does not take turns and holds the file only gets a
 * note, since the page reads it once that process lets go.
 *
 * @module
 */
import { basename, resolve } from 'node:path'
import { ArchiveError, openArchive } from '@perpkit/recorder'
import type { ArchivePageConfig } from '../../web/src/dashboard-config.ts'
import { DemoError } from '../demo-error.ts'
import { type ArchiveApi, createArchiveApi } from './archive-api.ts'

/** What the page server serves in archive mode. */
export interface ArchiveMode {
  config: ArchivePageConfig
  api: ArchiveApi
}

/**
 * The archive's path: relative paths are taken from where the command was
 * typed (`INIT_CWD`, which pnpm sets, as `pnpm dashboard` runs in apps/demo).
 *
 * @param file - `--archive` as given.
 * @param env - The environment.
 * @returns An absolute path.
 */
export function archivePath(file: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.INIT_CWD ?? process.cwd(), file)
}

/**
 * Checks the archive and prepares the page's configuration and endpoints.
 *
 * @param file - `--archive` as given.
 * @param symbol - The contract to show first.
 * @param note - Receives a line when the archive is locked by a writer.
 * @returns The configuration and the endpoints.
 * @throws {@link DemoError} (exit code 1) when the archive cannot be read for
 *   any reason but a writer holding it.
 */
export async function prepareArchiveMode(
  file: string,
  symbol: string,
  note: (line: string) => void,
): Promise<ArchiveMode> {
  const path = archivePath(file)
  try {
    ;(await openArchive(path)).close()
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error
    if (error.reason !== 'locked') throw new DemoError(error.message, { cause: error })
    note(`${error.message}; the page shows this until it can read the file, and then the archive`)
  }
  return {
    config: { source: 'archive', symbol, archive: basename(path) },
    api: createArchiveApi(path),
  }
}
