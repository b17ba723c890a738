/**
 * The tree in a directory (a local disk or a shared mount such as NFS). A
 * file is written as a hidden `.<name>.tmp` in its partition (which
 * `*.parquet` globs skip), fsynced, then linked to its final name, which
 * fails rather than replace a file, and the temporary name removed; where a
 * filesystem has no hard links, an atomic rename after checking the name is
 * free. A reader sees a whole file or none.
 *
 * @module
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import { RecorderError } from '../errors.ts'
import { TEMP_SUFFIX } from '../parquet/layout.ts'
import type { TreeObject, TreeStore } from './tree-store.ts'

function fsyncPath(path: string, flags: 'r' | 'r+'): void {
  const fd = openSync(path, flags)
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Link errors of filesystems without hard links (FAT, some FUSE mounts). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'])

/**
 * Makes a fsynced file visible under its final name, never replacing one.
 *
 * @param temp - The written file, in the final name's directory.
 * @param final - Its name in the tree.
 */
function publishFile(temp: string, final: string): void {
  fsyncPath(temp, 'r')
  try {
    linkSync(temp, final)
    unlinkSync(temp)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (code === 'EEXIST') throw new RecorderError(`refused to replace ${final}`, 1)
    if (!NO_LINKS.has(code)) throw error
    if (existsSync(final)) throw new RecorderError(`refused to replace ${final}`, 1)
    renameSync(temp, final)
  }
  try {
    // The new name survives a power loss only once its directory is on disk too.
    fsyncPath(dirname(final), 'r')
  } catch {}
}

/**
 * Opens the tree in `dir` (created when missing).
 *
 * @param dir - An absolute directory.
 * @returns The store.
 */
export function openLocalTreeStore(dir: string): TreeStore {
  mkdirSync(dir, { recursive: true })
  const path = (key: string) => join(dir, ...key.split('/'))
  return {
    where: dir,
    localDir: dir,
    url: path,
    list: async (prefix) => {
      const base = path(prefix)
      if (!existsSync(base)) return []
      const found: TreeObject[] = []
      for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue
        const file = join(entry.parentPath, entry.name)
        found.push({
          key: relative(dir, file).split(sep).join('/'),
          // Only temporary files need their age; a stat per published file would cost.
          modifiedMs: entry.name.endsWith(TEMP_SUFFIX) ? statSync(file).mtimeMs : undefined,
        })
      }
      return found
    },
    stage: (key) => {
      const final = path(key)
      mkdirSync(dirname(final), { recursive: true })
      return join(dirname(final), `.${basename(final)}${TEMP_SUFFIX}`)
    },
    publish: async (staged, key) => {
      try {
        publishFile(staged, path(key))
      } finally {
        rmSync(staged, { force: true })
      }
    },
    read: async (key) => path(key),
    remove: async (keys) => {
      for (const key of keys) rmSync(path(key), { force: true })
    },
    move: async (from, to) => {
      mkdirSync(dirname(path(to)), { recursive: true })
      renameSync(path(from), path(to))
    },
    lock: async (key, holder) => {
      const file = path(key)
      let fd: number
      try {
        fd = openSync(file, 'wx')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        let held = ''
        try {
          held = readFileSync(file, 'utf8').trim()
        } catch {}
        throw new RecorderError(
          `another compaction holds ${file}${held ? ` (${held})` : ''}: wait for it, or remove the file if that process is gone`,
          1,
        )
      }
      writeSync(fd, holder)
      closeSync(fd)
      return { unguarded: false, release: async () => rmSync(file, { force: true }) }
    },
    close: () => {},
  }
}
