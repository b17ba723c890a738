/**
 * The backfill store path before the single writer, kept for the before/after
 * rows of the insert benchmark: each fetcher awaited its own window's commit,
 * and the windows that arrived while a commit ran formed the next group, so a
 * group held at most the windows in flight (8 at the default concurrency).
 */
import type { CandleBatch } from '../src/one-machine/candle-writer.ts'
import type { Store } from '../src/one-machine/open-store.ts'
import {
  type EncodedWindow,
  encodeWindow,
  insertWindows,
} from '../src/one-machine/write-windows.ts'

interface Group {
  windows: EncodedWindow[]
  rows: number
  committed: Promise<void>
}

const pending = new WeakMap<Store, Group>()
const GROUP_CANDLES = 20_000

/** Stores one window; resolves once its group is committed. */
export function previousWriteCandleWindow(store: Store, batch: CandleBatch): Promise<void> {
  const window = encodeWindow(batch)
  const open = pending.get(store)
  if (open !== undefined && open.rows + window.candles.rows <= GROUP_CANDLES) {
    open.windows.push(window)
    open.rows += window.candles.rows
    return open.committed
  }
  const group: Group = {
    windows: [window],
    rows: window.candles.rows,
    committed: Promise.resolve(),
  }
  group.committed = store.transaction(async (conn) => {
    if (pending.get(store) === group) pending.delete(store)
    await insertWindows(conn, group.windows)
  })
  pending.set(store, group)
  return group.committed
}
