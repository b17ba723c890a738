/**
 * The partitions of a tree, from its store's listing: each root's
 * `symbol=<s>/date=<d>/` directories (or key prefixes), their published
 * files and the temporary files of writers at work (or dead); and a local
 * directory of roots for DuckDB to read (a bucket's, downloaded).
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ParquetLayout, type Partition, partitionKey, TEMP_SUFFIX } from '../parquet/layout.ts'
import type { TreeStore } from './tree-store.ts'

/** A partition and its objects. */
export interface PartitionFiles extends Partition {
  layout: ParquetLayout
  /** Its key prefix (`<root>/symbol=<s>/date=<d>`). */
  key: string
  /** Keys of its published files, sorted by name (so by write time). */
  files: string[]
  /** Temporary files (a writer at work, or one that died), with their age in ms. */
  temps: { key: string; ageMs: number }[]
}

/**
 * Every partition of the tree's roots, with its files.
 *
 * @param store - The tree.
 * @param layouts - The roots to list.
 * @param now - Epoch ms, for the age of temporary files.
 * @returns Partitions in root, symbol, date order.
 */
export async function listPartitions(
  store: TreeStore,
  layouts: readonly ParquetLayout[],
  now: number,
): Promise<PartitionFiles[]> {
  const result: PartitionFiles[] = []
  for (const layout of layouts) {
    const found = new Map<string, PartitionFiles>()
    for (const object of await store.list(`${layout.root}/`)) {
      const [root, symbolDir, dateDir, name, ...deeper] = object.key.split('/')
      if (
        root !== layout.root ||
        name === undefined ||
        deeper.length > 0 ||
        !symbolDir?.startsWith('symbol=') ||
        !dateDir?.startsWith('date=')
      )
        continue
      const partition = {
        root: layout.root,
        symbol: symbolDir.slice('symbol='.length),
        date: dateDir.slice('date='.length),
      }
      const key = partitionKey(partition)
      let entry = found.get(key)
      if (entry === undefined) {
        entry = { ...partition, layout, key, files: [], temps: [] }
        found.set(key, entry)
      }
      if (name.startsWith('.') && name.endsWith(TEMP_SUFFIX))
        entry.temps.push({ key: object.key, ageMs: now - (object.modifiedMs ?? now) })
      else if (!name.startsWith('.') && name.endsWith('.parquet')) entry.files.push(object.key)
    }
    for (const key of [...found.keys()].sort()) {
      const entry = found.get(key) as PartitionFiles
      entry.files.sort()
      result.push(entry)
    }
  }
  return result
}

/**
 * Runs `use` with a local directory holding the published files of some roots of a tree,
 * laid out as the tree is (`<dir>/<root>/symbol=<s>/date=<d>/<file>`), for DuckDB to read
 * with a glob: the tree's own directory, or a temporary download of a bucket's roots,
 * removed afterwards. DuckDB never reads `s3://` itself (its `httpfs` extension would be
 * downloaded).
 *
 * @param store - The tree.
 * @param layouts - The roots.
 * @param use - Gets the directory and the roots that hold at least one file.
 * @returns What `use` returns.
 */
export async function withLocalRoots<T>(
  store: TreeStore,
  layouts: readonly ParquetLayout[],
  use: (dir: string, roots: ParquetLayout[]) => Promise<T>,
): Promise<T> {
  const present = await Promise.all(
    layouts.map(async (layout) => ({
      layout,
      keys: (await listPartitions(store, [layout], 0)).flatMap((p) => p.files),
    })),
  )
  const roots = present.filter((p) => p.keys.length > 0)
  if (store.localDir !== undefined)
    return use(
      store.localDir,
      roots.map((r) => r.layout),
    )
  const scratch = mkdtempSync(join(tmpdir(), 'perpkit-tree-copy-'))
  try {
    const queue = roots.flatMap((r) => r.keys)
    // A few downloads at once: many small files.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift())
          await store.read(key, scratch)
      }),
    )
    return await use(
      scratch,
      roots.map((r) => r.layout),
    )
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
