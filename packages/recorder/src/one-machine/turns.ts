/**
 * Taking turns on one DuckDB file. DuckDB lets one process write a file or
 * several read it, never both, and refuses any other opener while it is held.
 * Its lock is the kernel's (a `fcntl` lock on the file), so it is freed when
 * the holder exits, `kill -9` included: mutual exclusion never depends on
 * anything here.
 *
 * What this adds is the order of the turns. A party holds the file only
 * until another waits for it. A waiter announces itself with a marker file in
 * `<file>.waiting/` (named after its start time, mode, host and PID, touched
 * every second while it waits); the holder sees the marker at its next quiet
 * moment (after the operation in flight, or within {@link IDLE_CHECK_MS}
 * while idle), closes the file, and the oldest waiter opens it. Readers share:
 * a reader yields only to a waiting writer, and queues only behind one. A
 * marker whose owner died (its PID is gone, or it was not touched for
 * {@link STALE_MS}) is ignored and removed, so a killed waiter costs at most
 * one needless hand-over. Where a waiter cannot write the marker (a read-only
 * directory), it still polls and gets the file whenever nobody holds it.
 *
 * Within one process, DuckDB does not guard a file opened twice, and closing
 * one of two handles drops the process's lock for both; so in a process one
 * party at a time holds a file, whatever its mode, and in-process waiters are
 * seen like markers.
 *
 * @module
 */
import { resolve } from 'node:path'
import { readLockError } from '../duckdb/lock-error.ts'
import { type Announced, announce, liveMarkers, type TurnMode, waitingDir } from './turn-markers.ts'

export { STALE_MS, waitingDir } from './turn-markers.ts'

/** How often an idle holder looks for waiters, ms. */
export const IDLE_CHECK_MS = 50

/** Shortest and longest pause between two tries of a waiter, ms. */
const RETRY_MS = [10, 100] as const

/** Thrown when the wait for a turn outlasts its bound; carries the holder's PID when DuckDB named it. */
export class TurnTimeout extends Error {
  override name = 'TurnTimeout'
  /** The PID holding the file, when known. */
  readonly pid: string | undefined
  /** How long it waited, ms. */
  readonly waitedMs: number

  constructor(file: string, pid: string | undefined, waitedMs: number) {
    super(`${file} is held by another process${pid ? ` (PID ${pid})` : ''}`)
    this.pid = pid
    this.waitedMs = waitedMs
  }
}

/** How a party opens and closes the file. */
export interface TurnOptions<H> {
  /** The DuckDB file. */
  file: string
  mode: TurnMode
  /** Opens the file; throws DuckDB's lock error while another process holds it. */
  open(): Promise<H>
  /** Closes what {@link TurnOptions.open} opened. */
  close(handle: H): void
  /** Longest wait for a turn, ms; `Infinity` waits as long as it takes. */
  waitMs: number
  /** Called once when a wait begins, with the holder's PID when DuckDB named it. */
  onWait?: ((pid: string | undefined) => void) | undefined
}

/** A party's turns on a file. */
export interface Turns<H> {
  /**
   * Runs `work` with the file open, after the work queued before it; opens it
   * first (waiting for a turn) when it is not held. Gives the file up after
   * `work` when another party waits.
   */
  use<T>(work: (handle: H) => Promise<T>): Promise<T>
  /** Whether the file is open now. */
  readonly held: boolean
  /**
   * Gives the file up: at once when no work is queued, else after it. The
   * next `use` opens it again.
   */
  release(): Promise<void>
}

/** A waiter in this process. */
interface LocalWaiter {
  mode: TurnMode
  wake: () => void
}

/** This process's parties on one file. */
interface LocalFile {
  /** The party holding (or opening) the file. */
  holder: object | undefined
  waiters: Set<LocalWaiter>
}

const local = new Map<string, LocalFile>()

function localFile(file: string): LocalFile {
  const key = resolve(file)
  let entry = local.get(key)
  if (entry === undefined) {
    entry = { holder: undefined, waiters: new Set() }
    local.set(key, entry)
  }
  return entry
}

/** Whether a waiter of `mode` gets anything from a holder of `held` giving the file up. */
const needs = (waiting: TurnMode, held: TurnMode) => waiting === 'write' || held === 'write'

function pause(ms: number, waiter: LocalWaiter): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms)
    function finish() {
      clearTimeout(timer)
      waiter.wake = () => {}
      done()
    }
    waiter.wake = finish
  })
}

/**
 * A party's turns on a file (see the module comment for the protocol).
 *
 * @param options - The file, the mode, how to open and close it, the longest wait.
 * @returns The turns.
 */
export function createTurns<H>(options: TurnOptions<H>): Turns<H> {
  const { file, mode } = options
  const dir = waitingDir(file)
  const shared = localFile(file)
  const self = {}
  let handle: H | undefined
  let busy = false
  let queue: Promise<unknown> = Promise.resolve()
  /** Calls of `use` and `release` not settled yet. */
  let queued = 0
  let idleTimer: NodeJS.Timeout | undefined

  /** Another party waits for what giving the file up would give it. */
  const othersWait = () =>
    shared.waiters.size > 0 || liveMarkers(dir, undefined).some((m) => needs(m.mode, mode))

  const giveUp = () => {
    if (handle === undefined) return
    const held = handle
    handle = undefined
    if (idleTimer !== undefined) clearInterval(idleTimer)
    idleTimer = undefined
    try {
      options.close(held)
    } finally {
      shared.holder = undefined
      for (const waiter of shared.waiters) waiter.wake()
    }
  }

  /** Whether markers older than this party's (any, without one) keep it waiting. */
  const queuedBehind = (own: Announced | undefined) =>
    liveMarkers(dir, own?.name).some(
      (m) => (own === undefined || m.since < own.since) && needs(mode, m.mode),
    )

  const acquire = async (): Promise<H> => {
    const started = Date.now()
    const waiter: LocalWaiter = { mode, wake: () => {} }
    let own: Announced | undefined
    let waiting = false
    let pid: string | undefined
    let delay: number = RETRY_MS[0]
    try {
      for (;;) {
        if (shared.holder === undefined && !queuedBehind(own)) {
          shared.holder = self
          try {
            const opened = await options.open()
            handle = opened
            return opened
          } catch (error) {
            shared.holder = undefined
            const lock = readLockError(error)
            if (lock === undefined) throw error
            pid = lock.pid ?? pid
          }
        }
        const waited = Date.now() - started
        if (waited >= options.waitMs) throw new TurnTimeout(file, pid, waited)
        if (!waiting) {
          waiting = true
          shared.waiters.add(waiter)
          own = await announce(dir, mode)
          options.onWait?.(pid)
        }
        await pause(Math.min(delay, options.waitMs - waited), waiter)
        delay = Math.min(RETRY_MS[1], delay * 1.5 + Math.random() * 5)
      }
    } finally {
      shared.waiters.delete(waiter)
      own?.withdraw()
    }
  }

  const afterWork = () => {
    if (handle === undefined) return
    if (othersWait()) {
      giveUp()
      return
    }
    if (idleTimer === undefined) {
      idleTimer = setInterval(() => {
        if (!busy && othersWait()) giveUp()
      }, IDLE_CHECK_MS)
      idleTimer.unref()
    }
  }

  const run = async <T>(work: (held: H) => Promise<T>): Promise<T> => {
    const held = handle ?? (await acquire())
    busy = true
    try {
      return await work(held)
    } finally {
      busy = false
      afterWork()
    }
  }

  const enqueue = <T>(step: () => Promise<T> | T): Promise<T> => {
    queued++
    const next = queue.then(step).finally(() => {
      queued--
    })
    queue = next.catch(() => {})
    return next
  }

  return {
    use: (work) => enqueue(() => run(work)),
    get held() {
      return handle !== undefined
    },
    release: () => {
      if (queued > 0) return enqueue(giveUp)
      giveUp()
      return Promise.resolve()
    },
  }
}

/**
 * Whether `error` is a wait for a turn that outlasted its bound.
 *
 * @param error - Anything thrown.
 * @returns The timeout, or undefined.
 */
export function turnTimeout(error: unknown): TurnTimeout | undefined {
  return error instanceof TurnTimeout ? error : undefined
}
