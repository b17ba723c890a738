/**
 * The partitions of a tree, from its store's listing: each root's
 * `symbol=<s>/date=<d>/` directories (or key prefixes), their published
 * files and the temporary files of writers at work (or dead).
 *
 * @module
 */
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
