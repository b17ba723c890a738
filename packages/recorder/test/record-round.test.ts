import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../src/one-machine/open-store.ts'
import { runRound } from '../src/one-machine/record-round.ts'
import type { Task } from '../src/one-machine/record-tasks.ts'
import { tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** A task whose write stores a gap row for `symbol` at `at` and notes its last write. */
function gapTask(symbol: string, at: number): Task {
  return {
    dataset: 'market-trade',
    symbol,
    fetch: async () => async (conn, lastWrites) => {
      await conn.run(
        `INSERT INTO gaps VALUES ('market-trade', $1, epoch_ms(0), epoch_ms(1), epoch_ms(${at}))`,
        [symbol],
      )
      lastWrites.note('market-trade', symbol, at)
      return { rows: 1, gap: true }
    },
  }
}

describe('a record round', () => {
  it('writes every fetched task in one transaction; a failed fetch or write loses only its own task', async () => {
    const store = await openStore(join(tmp.dir, 'round.duckdb'))
    try {
      const failingWrite: Task = {
        dataset: 'market-trade',
        symbol: 'SOLUSDT',
        fetch: async () => async (conn) => {
          await conn.run(
            "INSERT INTO gaps VALUES ('market-trade', 'SOLUSDT', epoch_ms(0), epoch_ms(1), epoch_ms(2))",
          )
          throw new Error('write failed')
        },
      }
      const failingFetch: Task = {
        dataset: 'market-trade',
        symbol: 'XRPUSDT',
        fetch: async () => {
          throw new Error('fetch failed')
        },
      }
      const written: string[] = []
      const failed: string[] = []
      await runRound(
        store,
        [gapTask('BTCUSDT', 5_000), failingWrite, failingFetch, gapTask('ETHUSDT', 6_000)],
        {
          written: (task, result) => written.push(`${task.symbol} ${result.rows}`),
          failed: (task, error) => failed.push(`${task.symbol} ${(error as Error).message}`),
        },
      )
      expect(written.sort()).toEqual(['BTCUSDT 1', 'ETHUSDT 1'])
      expect(failed.sort()).toEqual(['SOLUSDT write failed', 'XRPUSDT fetch failed'])
      const gaps = await store.all('SELECT symbol FROM gaps ORDER BY symbol')
      expect(gaps.map((g) => g.symbol)).toEqual(['BTCUSDT', 'ETHUSDT'])
      const writes = await store.all(
        'SELECT symbol, epoch_ms(last_write) AS t FROM writes ORDER BY symbol',
      )
      expect(writes).toEqual([
        { symbol: 'BTCUSDT', t: '5000' },
        { symbol: 'ETHUSDT', t: '6000' },
      ])
    } finally {
      store.close()
    }
  })
})
