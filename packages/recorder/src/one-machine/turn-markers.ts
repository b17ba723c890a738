/**
 * The markers of parties waiting for a turn on a DuckDB file (turns.ts): one
 * empty file each in `<file>.waiting/`, named `<since>-<mode>-<host>-<pid>-<random>`
 * and touched every {@link HEARTBEAT_MS} while its owner waits. A marker whose
 * owner is gone (its PID, on this host) or stopped (not touched for
 * {@link STALE_MS}) is stale: ignored and removed.
 *
 * @module
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, rmdirSync, statSync, unlinkSync, utimesSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

/** `read` (shared with other readers) or `write` (alone). */
export type TurnMode = 'read' | 'write'

/** How often a waiter touches its marker, ms. */
const HEARTBEAT_MS = 1000

/** A marker not touched for this long is stale (its owner is stopped or gone), ms. */
export const STALE_MS = 5000

/** This host's name as a marker spells it. */
export const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_')

/** A parsed marker: `<since>-<mode>-<host>-<pid>-<random>`. */
export interface Marker {
  name: string
  since: number
  mode: TurnMode
  host: string
  pid: number
}

const MARKER = /^(\d{13,})-(read|write)-([A-Za-z0-9._-]+)-(\d+)-[0-9a-f]{8}$/

function parseMarker(name: string): Marker | undefined {
  const match = MARKER.exec(name)
  if (match === null) return undefined
  return {
    name,
    since: Number(match[1]),
    mode: match[2] as TurnMode,
    host: match[3] as string,
    pid: Number(match[4]),
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The directory of a file's markers. */
export function waitingDir(file: string): string {
  return `${resolve(file)}.waiting`
}

/**
 * The live markers of other parties, oldest first; stale ones are removed.
 *
 * @param dir - The markers' directory.
 * @param own - This party's marker name, left out.
 */
export function liveMarkers(dir: string, own: string | undefined): Marker[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  const now = Date.now()
  const markers: Marker[] = []
  for (const name of names) {
    if (name === own) continue
    const marker = parseMarker(name)
    if (marker === undefined) continue
    let fresh: boolean
    try {
      fresh = now - statSync(join(dir, name)).mtimeMs < STALE_MS
    } catch {
      continue
    }
    if (fresh && marker.host === HOST && marker.pid !== process.pid && !alive(marker.pid))
      fresh = false
    if (!fresh) {
      try {
        unlinkSync(join(dir, name))
      } catch {}
      continue
    }
    markers.push(marker)
  }
  return markers.sort((a, b) => a.since - b.since || a.name.localeCompare(b.name))
}

/** A marker of this party, touched while it waits. */
export interface Announced {
  name: string
  since: number
  withdraw(): void
}

export async function announce(dir: string, mode: TurnMode): Promise<Announced | undefined> {
  const since = Date.now()
  const name = `${since}-${mode}-${HOST}-${process.pid}-${randomBytes(4).toString('hex')}`
  const path = join(dir, name)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      mkdirSync(dir, { recursive: true })
      await writeFile(path, '', { flag: 'wx' })
      const timer = setInterval(() => {
        const t = new Date()
        try {
          utimesSync(path, t, t)
        } catch {}
      }, HEARTBEAT_MS)
      timer.unref()
      return {
        name,
        since,
        withdraw: () => {
          clearInterval(timer)
          try {
            unlinkSync(path)
          } catch {}
          // Leaves nothing behind once no one waits; a waiter creating its marker now retries.
          try {
            rmdirSync(dir)
          } catch {}
        },
      }
    } catch (error) {
      // The directory was removed between mkdir and the write: once more.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined
    }
  }
  return undefined
}
