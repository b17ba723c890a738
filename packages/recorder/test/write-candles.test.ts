import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import type { Kline } from '@perpkit/schemas'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type CandleBatch,
  createCandleWriter,
  type StoredWindow,
} from '../src/one-machine/candle-writer.ts'
import { openStore, type Store } from '../src/one-machine/open-store.ts'
import { migrations, SCHEMA_VERSION } from '../src/one-machine/schema.ts'
import { candleBatch, tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const MINUTE = 60_000
const T0 = Date.UTC(2026, 0, 1)

function candle(i: number, price: string): Kline {
  return {
    timestamp: T0 + i * MINUTE,
    openPrice: price,
    highPrice: '99999999999999999999.999999999999999999',
    lowPrice: '0.000000000000000001',
    closePrice: `-${price}`,
    volume: '1234567890123456.5',
  }
}

const window = (candles: Kline[], dataset = 'kline') => candleBatch(candles, dataset, T0)

/** Writes windows through one writer and waits for their commit. */
async function writeAll(store: Store, windows: CandleBatch[]): Promise<void> {
  const writer = createCandleWriter(store)
  for (const w of windows) await writer.add(w)
  await writer.flush()
}

const READ = `SELECT epoch_ms(open_time)::DOUBLE AS t, open::VARCHAR AS o, high::VARCHAR AS h,
  low::VARCHAR AS l, close::VARCHAR AS c, volume::VARCHAR AS v FROM candles ORDER BY t`

describe('the candle writer', () => {
  it('stores 5,000 candles from windows grouped into one commit (across 2048-row chunks) with every price exact', async () => {
    const store = await openStore(join(tmp.dir, 'exact.duckdb'))
    try {
      const all = Array.from({ length: 5_000 }, (_, i) => candle(i, `${97_000 + i}.${i % 10}`))
      await writeAll(
        store,
        [0, 1_500, 3_000, 4_500].map((from, k, starts) =>
          window(all.slice(from, starts[k + 1] ?? all.length)),
        ),
      )
      const rows = await store.all(READ)
      expect(rows).toHaveLength(5_000)
      const scale = (text: string) => {
        const [int, frac = ''] = text.split('.')
        return `${int}.${frac.padEnd(18, '0')}`
      }
      rows.forEach((row, i) => {
        const c = all[i] as Kline
        expect(row).toEqual({
          t: c.timestamp,
          o: scale(c.openPrice),
          h: scale(c.highPrice),
          l: scale(c.lowPrice),
          c: scale(c.closePrice),
          v: scale(c.volume),
        })
      })
      const [types] = await store.all(
        `SELECT any_value(typeof(open_time)) AS t, any_value(typeof(open)) AS p FROM candles`,
      )
      expect(types).toEqual({ t: 'TIMESTAMP_MS', p: 'DECIMAL(38,18)' })
    } finally {
      store.close()
    }
  })

  it('stores a window sent out of order once per open time, the first candle of a repeated time kept', async () => {
    const store = await openStore(join(tmp.dir, 'order.duckdb'))
    try {
      await writeAll(store, [
        window([candle(2, '3'), candle(0, '1'), candle(1, '2'), candle(0, '9')]),
      ])
      const rows = await store.all(READ)
      expect(rows.map((r) => [Number(r.t), r.o])).toEqual([
        [T0, '1.000000000000000000'],
        [T0 + MINUTE, '2.000000000000000000'],
        [T0 + 2 * MINUTE, '3.000000000000000000'],
      ])
    } finally {
      store.close()
    }
  })

  it('refuses a window stored before, rolling its group back, and a price that does not fit, storing nothing of it', async () => {
    const store = await openStore(join(tmp.dir, 'twice.duckdb'))
    try {
      const first = window([candle(0, '1'), candle(1, '2')])
      await writeAll(store, [first])
      const writer = createCandleWriter(store)
      await writer.add({ ...first, fetchedAt: T0 + 1 })
      await expect(writer.flush()).rejects.toThrow(/constraint|duplicate/i)
      // A failed commit fails every later add, so the backfill stops.
      await expect(writer.add(window([candle(9, '1')]))).rejects.toThrow(/constraint|duplicate/i)
      await expect(
        createCandleWriter(store).add(window([candle(5, '1.0000000000000000001')])),
      ).rejects.toThrow(/does not fit DECIMAL\(38,18\)/)
      const [n] = await store.all('SELECT count(*) AS c FROM candles')
      const [w] = await store.all('SELECT count(*) AS c FROM coverage')
      expect([Number(n?.c), Number(w?.c)]).toEqual([2, 1])
    } finally {
      store.close()
    }
  })

  it('commits the windows that arrive while a commit runs together in the next transaction, up to the group caps, each with its coverage row', async () => {
    const store = await openStore(join(tmp.dir, 'group.duckdb'))
    try {
      const groups: StoredWindow[][] = []
      const writer = createCandleWriter(store, {
        onCommitted: (w) => groups.push([...w]),
        limits: { groupWindows: 3, groupRows: 1_000, backlogWindows: 10 },
      })
      const all = Array.from({ length: 8 }, (_, k) =>
        window([candle(2 * k, '1'), candle(2 * k + 1, '2')]),
      )
      // Handed over in one go: the first starts a commit alone, the rest wait for the next ones.
      await Promise.all(all.map((w) => writer.add(w)))
      await writer.flush()
      expect(groups.map((g) => g.length)).toEqual([1, 3, 3, 1])
      expect(groups.flat().map((w) => w.startTime)).toEqual(all.map((w) => w.startTime))
      const [n] = await store.all('SELECT count(*) AS c FROM candles')
      const [c] = await store.all('SELECT count(*) AS c FROM coverage')
      expect([Number(n?.c), Number(c?.c)]).toEqual([16, 8])
    } finally {
      store.close()
    }
  })

  it('holds add back while the backlog is full, until a commit takes windows from it', async () => {
    const store = await openStore(join(tmp.dir, 'backlog.duckdb'))
    try {
      let open = () => {}
      const gate = new Promise<void>((resolve) => {
        open = resolve
      })
      // Commits wait for the gate, so the backlog fills up.
      const gated: Store = {
        ...store,
        transaction: async (write) => {
          await gate
          return store.transaction(write)
        },
      }
      const writer = createCandleWriter(gated, {
        limits: { groupWindows: 2, backlogWindows: 2 },
      })
      const accepted: number[] = []
      const adds = Array.from({ length: 5 }, (_, k) =>
        writer.add(window([candle(k, '1')])).then(() => accepted.push(k)),
      )
      await Promise.all(adds.slice(0, 3))
      // The first window is in the (gated) commit, two fill the backlog: the rest wait.
      expect(accepted).toEqual([0, 1, 2])
      await new Promise((resolve) => setImmediate(resolve))
      expect(accepted).toEqual([0, 1, 2])
      open()
      await Promise.all(adds)
      await writer.flush()
      expect(accepted).toEqual([0, 1, 2, 3, 4])
      const [n] = await store.all('SELECT count(*) AS c FROM coverage')
      expect(Number(n?.c)).toBe(5)
    } finally {
      store.close()
    }
  })

  it('migrates a schema-1 archive: its candles kept, the primary key gone', async () => {
    const file = join(tmp.dir, 'v1.duckdb')
    const instance = await DuckDBInstance.create(file)
    const conn = await instance.connect()
    await conn.run('CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)')
    await conn.run(migrations[0] as string)
    await conn.run("INSERT INTO meta VALUES ('schema_version', '1')")
    await conn.run(
      `INSERT INTO candles VALUES ('kline', 'BTCUSDT', 1, epoch_ms(${T0}), 1.5, 2, 1, 1.25, 10)`,
    )
    conn.closeSync()
    instance.closeSync()
    const store = await openStore(file)
    try {
      const [version] = await store.all("SELECT value FROM meta WHERE key = 'schema_version'")
      expect(version?.value).toBe(String(SCHEMA_VERSION))
      expect(await store.all(READ)).toEqual([
        {
          t: T0,
          o: '1.500000000000000000',
          h: '2.000000000000000000',
          l: '1.000000000000000000',
          c: '1.250000000000000000',
          v: '10.000000000000000000',
        },
      ])
      const keys = await store.all(
        "SELECT count(*) AS n FROM duckdb_constraints() WHERE table_name = 'candles' AND constraint_type = 'PRIMARY KEY'",
      )
      expect(Number(keys[0]?.n)).toBe(0)
    } finally {
      store.close()
    }
  })
})
