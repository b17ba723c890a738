/**
 * `record`'s round writer while another party holds the archive: each round
 * added while the store waits for its turn settles at once (the polling goes
 * on), and once the file is free every round is written, in order.
 */
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openReader } from '../src/one-machine/open-archive.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import type { Fetched } from '../src/one-machine/record-round.ts'
import { createRoundWriter, type RoundWriter } from '../src/one-machine/round-writer.ts'
import { tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** A fetched round that stores one funding settlement of `symbol`. */
function round(symbol: string, at: number): { fetched: Fetched[]; rows: number } {
  const write = Object.assign(
    async (conn: Parameters<Fetched['write']>[0]) => {
      await conn.run(
        `INSERT INTO funding_history (symbol, funding_time, funding_rate) VALUES ('${symbol}', epoch_ms(${at}), 0.0001)`,
      )
      return { rows: 1, gap: false }
    },
    { rows: 1 },
  )
  return {
    fetched: [
      { task: { dataset: 'funding-rate-history', symbol, fetch: async () => write }, write },
    ],
    rows: 1,
  }
}

describe('the round writer', () => {
  it('lets every round settle at once while the file is held, then writes them all in order', async () => {
    const db = join(tmp.dir, 'held.duckdb')
    let writer: RoundWriter | undefined
    const store = await openStore(db, { onWait: () => writer?.waiting() })
    // A reader takes the file (the idle store lets go) and keeps it until told.
    const reader = await openReader(db, { waitMs: 60_000 })
    let letGo = () => {}
    let holding = () => {}
    const held = new Promise<void>((resolve) => {
      holding = resolve
    })
    const reading = reader.use(
      () =>
        new Promise<void>((resolve) => {
          letGo = resolve
          holding()
        }),
    )
    await held

    const written: string[] = []
    writer = createRoundWriter(store, {
      written: (task) => written.push(task.symbol),
      failed: (_, error) => {
        throw error
      },
    })
    for (const [i, symbol] of ['ONE', 'TWO', 'THREE'].entries()) {
      writer.add(round(symbol, 1_000 * (i + 1)))
      // Resolves though nothing can be written: the polling goes on.
      await writer.settle()
    }
    expect(writer.pending).toBeGreaterThan(0)
    expect(written).toEqual([])

    letGo()
    await reading
    reader.close()
    await writer.flush()
    expect(written).toEqual(['ONE', 'TWO', 'THREE'])
    const stored = await store.all('SELECT symbol FROM funding_history ORDER BY funding_time')
    expect(stored.map((r) => r.symbol)).toEqual(['ONE', 'TWO', 'THREE'])
    store.close()
  })
})
