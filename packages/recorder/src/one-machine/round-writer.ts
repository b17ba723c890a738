/**
 * `record`'s writer: rounds are fetched on time, whatever the file is doing,
 * and written in order whenever `record` has its turn on the file. While
 * another process holds the archive (a long export, a backfill's commit, a
 * process that does not take turns), fetched rounds wait in memory and the
 * polling goes on, so no trade is missed for want of the file: the waiting
 * rounds are written, oldest first and deduplicated as always, once the file
 * is free. The wait is bounded in rows: past {@link MAX_PENDING_ROWS} the
 * oldest rounds are dropped, and the gap rule writes the gap rows they leave
 * (a loss that says so, never a silent one).
 *
 * @module
 */
import type { Store } from './open-store.ts'
import { type Fetched, isLocked, type RoundReport, writeFetched } from './record-round.ts'

/** Rows waiting for the file, at most (about 60 MB): 16 minutes of 10 busy symbols. */
const MAX_PENDING_ROWS = 200_000

/** A fetched round: its writes and how many rows they hold. */
interface FetchedRound {
  fetched: Fetched[]
  rows: number
}

/** What the writer reports besides each task's result. */
export interface RoundWriterEvents {
  /** Rounds dropped, oldest first, to keep the waiting rows under the bound. */
  dropped?(rounds: number, rows: number): void
}

/** Writes fetched rounds in order, when the file is free. */
export interface RoundWriter {
  /** Queues a round; writing starts at once unless a write is running. */
  add(round: FetchedRound): void
  /**
   * Resolves once every queued round is written, or as soon as writing has
   * to wait for another process (the rounds stay queued); rejects with a
   * failure no retry helps (a full disk), as `add` and `flush` then do.
   */
  settle(): Promise<void>
  /** Notes that the store began waiting for its turn (its `onWait`). */
  waiting(): void
  /** Rounds queued, not written yet. */
  readonly pending: number
  /**
   * Writes every queued round; rejects with the lock error when the file
   * stays held (the rounds stay queued).
   */
  flush(): Promise<void>
}

/**
 * A writer on `store`.
 *
 * @param store - The archive, opened with a bounded wait (its `locked` error comes back here).
 * @param report - Each task's result or failure.
 * @param events - Dropped rounds.
 * @param maxPendingRows - The bound on waiting rows.
 * @returns The writer.
 */
export function createRoundWriter(
  store: Store,
  report: RoundReport,
  events: RoundWriterEvents = {},
  maxPendingRows = MAX_PENDING_ROWS,
): RoundWriter {
  const queue: FetchedRound[] = []
  let rows = 0
  let running: Promise<void> | undefined
  let locked: unknown
  /** A failure no retry helps (a full disk): every later call throws it. */
  let failure: { error: unknown } | undefined
  /** The store is waiting for its turn: rounds added meanwhile wait with it, and so does nobody else. */
  let blocked = false
  let settlers: (() => void)[] = []

  const settleAll = () => {
    const waiting = settlers
    settlers = []
    for (const settle of waiting) settle()
  }

  const drain = async () => {
    try {
      while (queue.length > 0) {
        const taken = queue.splice(0, queue.length)
        try {
          await writeFetched(
            store,
            taken.flatMap((r) => r.fetched),
            report,
          )
          for (const round of taken) rows -= round.rows
          locked = undefined
          blocked = false
        } catch (error) {
          // Still locked after the store's wait: the rounds go back, first in line.
          queue.unshift(...taken)
          if (isLocked(error)) locked = error
          else failure = { error }
          return
        }
      }
    } finally {
      running = undefined
      blocked = false
      settleAll()
    }
  }

  const start = () => {
    running ??= drain()
    return running
  }

  return {
    add: (round) => {
      if (failure !== undefined) throw failure.error
      queue.push(round)
      rows += round.rows
      let dropped = 0
      let droppedRows = 0
      while (rows > maxPendingRows && queue.length > 1) {
        const oldest = queue.shift() as FetchedRound
        rows -= oldest.rows
        dropped++
        droppedRows += oldest.rows
      }
      if (dropped > 0) events.dropped?.(dropped, droppedRows)
      void start()
    },
    settle: async () => {
      if (!blocked && (queue.length > 0 || running !== undefined))
        await new Promise<void>((resolve) => settlers.push(resolve))
      if (failure !== undefined) throw failure.error
    },
    waiting: () => {
      blocked = true
      settleAll()
    },
    get pending() {
      return queue.length
    },
    flush: async () => {
      while (running !== undefined) await running
      if (failure === undefined && queue.length > 0) await start()
      if (failure !== undefined) throw failure.error
      if (queue.length > 0) throw locked
    },
  }
}
