/**
 * Taking turns on one DuckDB file (src/one-machine/turns.ts), with real
 * files and real processes: a holder gives the file up when another party
 * waits, a waiter waits instead of failing, `kill -9` of a holder or a waiter
 * mid-work leaves the others going, and stale markers cost nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, describe, expect, it } from 'vitest'
import { openArchive } from '../src/one-machine/open-archive.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import { HOST } from '../src/one-machine/turn-markers.ts'
import { createTurns, IDLE_CHECK_MS, STALE_MS, waitingDir } from '../src/one-machine/turns.ts'
import { exited, finished, jsonLines, printed, spawnCli, spawnTs, tempDir } from './helpers.ts'

const tmp = tempDir()
/** Parties spawned here: killed at the end if a failing test left one running. */
const parties: ChildProcess[] = []
afterAll(() => {
  for (const party of parties) if (party.exitCode === null) party.kill('SIGKILL')
  tmp.cleanup()
})

function party(mode: 'read' | 'write', db: string): ChildProcess {
  const child = spawnTs('test/fixtures/turn-party.ts', [mode, db])
  parties.push(child)
  return child
}

/** A funding settlement of `symbol` at `at`: a row `status` lists. */
const settlement = (symbol: string, at: number) =>
  `INSERT INTO funding_history (symbol, funding_time, funding_rate) VALUES ('${symbol}', epoch_ms(${at}), 0.0001)`

async function settledSymbols(file: string): Promise<string[]> {
  const store = await openStore(file)
  try {
    return (await store.all('SELECT symbol FROM funding_history ORDER BY symbol')).map((r) =>
      String(r.symbol),
    )
  } finally {
    store.close()
  }
}

/** Waits until `check` holds, polling (no timing is asserted; the test's timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('a writer and readers in other processes', () => {
  it('a store holding the file between writes lets `status` in another process read, then writes again', async () => {
    const db = join(tmp.dir, 'between.duckdb')
    const store = await openStore(db)
    try {
      await store.run(settlement('BTCUSDT', 1_000))
      // It holds the file now (it gives it up only when someone waits).
      const status = await finished(spawnCli(['status', '--db', db, '--json', '--wait', '60']))
      expect(status.err).toBe('')
      expect(status.code).toBe(0)
      expect(jsonLines(status.out)).toEqual([
        expect.objectContaining({ dataset: 'funding-rate-history', symbol: 'BTCUSDT', rows: 1 }),
      ])
      await store.run(settlement('ETHUSDT', 2_000))
    } finally {
      store.close()
    }
    expect(await settledSymbols(db)).toEqual(['BTCUSDT', 'ETHUSDT'])
  })

  it('a writer waits for a reader holding the file (instead of failing), and writes once the reader is killed mid-query', async () => {
    const db = join(tmp.dir, 'reader-killed.duckdb')
    ;(await openStore(db)).close()
    const reader = party('read', db)
    await printed(reader, 'holding')
    let waited = 0
    // Opening waits too: the store's first statement needs the file.
    const opening = openStore(db, { onWait: () => waited++ })
    await until(() => waited > 0)
    expect(reader.exitCode).toBeNull()
    reader.kill('SIGKILL')
    await exited(reader)
    const store = await opening
    try {
      await store.run(settlement('AFTER', 3_000))
    } finally {
      store.close()
    }
    expect(await settledSymbols(db)).toEqual(['AFTER'])
    expect(existsSync(waitingDir(db))).toBe(false)
  })

  it('a reader waits for a writer killed in the middle of a transaction, then reads the file without the uncommitted row', async () => {
    const db = join(tmp.dir, 'writer-killed.duckdb')
    const store = await openStore(db)
    await store.run(settlement('BEFORE', 1_000))
    store.close()
    const writer = party('write', db)
    await printed(writer, 'holding')
    const reading = finished(spawnCli(['status', '--db', db, '--json', '--wait', '120']))
    // The reader announces itself; the writer, busy inside its transaction, does not let go.
    await until(() => existsSync(waitingDir(db)) && readdirSync(waitingDir(db)).length > 0)
    writer.kill('SIGKILL')
    await exited(writer)
    const status = await reading
    expect(status.err).toBe('')
    expect(status.code).toBe(0)
    expect(jsonLines(status.out).map((r) => r.symbol)).toEqual(['BEFORE'])
    expect(await settledSymbols(db)).toEqual(['BEFORE'])
  })
})

describe('in one process', () => {
  it('a store and an archive take turns on the file instead of opening it twice', async () => {
    const db = join(tmp.dir, 'same-process.duckdb')
    const store = await openStore(db)
    try {
      await store.run(settlement('ONE', 1_000))
      const archive = await openArchive(db, { waitMs: 60_000 })
      try {
        expect((await archive.contents()).candles).toEqual([])
      } finally {
        archive.close()
      }
      await store.run(settlement('TWO', 2_000))
    } finally {
      store.close()
    }
    expect(await settledSymbols(db)).toEqual(['ONE', 'TWO'])
  })
})

describe('markers', () => {
  /** A turns holder on a plain DuckDB file, holding it after one use. */
  async function holder(file: string) {
    const turns = createTurns({
      file,
      mode: 'write',
      waitMs: 0,
      open: () => DuckDBInstance.create(file),
      close: (instance) => instance.closeSync(),
    })
    await turns.use(async () => {})
    return turns
  }

  function marker(file: string, pid: number, ageMs = 0): string {
    const dir = waitingDir(file)
    mkdirSync(dir, { recursive: true })
    const since = Date.now() - ageMs
    const path = join(dir, `${since}-read-${HOST}-${pid}-0123abcd`)
    writeFileSync(path, '')
    utimesSync(path, new Date(since), new Date(since))
    return path
  }

  it('a holder gives the file up for a live waiter, and ignores (and removes) the marker of a dead or stopped one', async () => {
    const file = join(tmp.dir, 'markers.duckdb')
    const dead = spawn(process.execPath, ['-e', ''])
    const deadPid = dead.pid as number
    await exited(dead)
    const turns = await holder(file)
    const stale = marker(file, process.pid, STALE_MS + 1_000)
    const gone = marker(file, deadPid)
    // Several idle checks pass; the holder keeps the file and clears both markers.
    await until(() => !existsSync(stale) && !existsSync(gone))
    await new Promise((resolve) => setTimeout(resolve, 4 * IDLE_CHECK_MS))
    expect(turns.held).toBe(true)

    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    try {
      marker(file, live.pid as number)
      await until(() => !turns.held)
    } finally {
      live.kill('SIGKILL')
      await exited(live)
    }
    await turns.release()
  })
})
