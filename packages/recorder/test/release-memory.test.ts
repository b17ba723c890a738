import { join } from 'node:path'
import type { Kline } from '@perpkit/schemas'
import { afterAll, describe, expect, it } from 'vitest'
import { createCandleWriter, RELEASE_INTERVAL_MS } from '../src/one-machine/candle-writer.ts'
import { openStore, type Store } from '../src/one-machine/open-store.ts'
import { tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const MINUTE = 60_000
const T0 = Date.UTC(2026, 0, 1)

function windowAt(i: number) {
  const candle: Kline = {
    timestamp: T0 + i * MINUTE,
    openPrice: '1.5',
    highPrice: '2',
    lowPrice: '1',
    closePrice: '1.25',
    volume: '10',
  }
  return {
    dataset: 'kline',
    symbol: 'BTCUSDT',
    step: 1,
    startTime: candle.timestamp,
    endTime: candle.timestamp,
    candles: [candle],
    fetchedAt: T0,
  }
}

async function memoryLimit(store: Store): Promise<string> {
  const [row] = await store.all("SELECT current_setting('memory_limit') AS m")
  return String(row?.m)
}

describe('handing freed memory back', () => {
  it('keeps the buffer pool at the size the store was opened with', async () => {
    const store = await openStore(join(tmp.dir, 'limit.duckdb'), { memoryLimit: '100MB' })
    try {
      const before = await memoryLimit(store)
      await store.releaseMemory()
      expect(await memoryLimit(store)).toBe(before)
      const defaulted = await openStore(join(tmp.dir, 'default.duckdb'))
      try {
        const initial = await memoryLimit(defaulted)
        await defaulted.releaseMemory()
        expect(await memoryLimit(defaulted)).toBe(initial)
        expect(initial).not.toBe(before)
      } finally {
        defaulted.close()
      }
    } finally {
      store.close()
    }
  })

  it('drops the table blocks DuckDB cached, which a recorder never reads again', async () => {
    const store = await openStore(join(tmp.dir, 'cache.duckdb'))
    try {
      await store.run(
        `INSERT INTO candles SELECT 'kline', 'BTCUSDT', 1, make_timestamp_ms(i * 60000),
           i / 7, i / 3, i / 11, i / 5, i / 13 FROM range(200000) t(i)`,
      )
      await store.run('CHECKPOINT')
      // A query over every column loads the checkpointed blocks into the cache.
      await store.all('SELECT sum(open + high + low + close + volume) FROM candles')
      const cached = async () => {
        const [row] = await store.all(
          "SELECT coalesce(sum(memory_usage_bytes), 0)::BIGINT AS b FROM duckdb_memory() WHERE tag = 'BASE_TABLE'",
        )
        return Number(row?.b)
      }
      const before = await cached()
      expect(before).toBeGreaterThan(2 * 1024 * 1024)
      await store.releaseMemory()
      expect(await cached()).toBeLessThan(before / 2)
      // The data is still there, read back from the file.
      const [n] = await store.all('SELECT count(*) AS c FROM candles')
      expect(Number(n?.c)).toBe(200_000)
    } finally {
      store.close()
    }
  })

  it('releases after a commit once the interval has passed on the writer clock, not after every commit', async () => {
    const store = await openStore(join(tmp.dir, 'writer.duckdb'))
    try {
      let released = 0
      const counting: Store = {
        ...store,
        releaseMemory: async () => {
          released++
          await store.releaseMemory()
        },
      }
      let clock = 0
      // One window a group, so each add below is one commit.
      const writer = createCandleWriter(counting, {
        now: () => clock,
        limits: { groupWindows: 1 },
      })
      await writer.add(windowAt(0))
      await writer.flush()
      expect(released).toBe(0)
      clock = RELEASE_INTERVAL_MS - 1
      await writer.add(windowAt(1))
      await writer.flush()
      expect(released).toBe(0)
      clock = RELEASE_INTERVAL_MS
      await writer.add(windowAt(2))
      await writer.flush()
      expect(released).toBe(1)
      await writer.add(windowAt(3))
      await writer.flush()
      expect(released).toBe(1)
      clock = 2 * RELEASE_INTERVAL_MS
      await writer.add(windowAt(4))
      await writer.flush()
      expect(released).toBe(2)
      const [n] = await store.all('SELECT count(*) AS c FROM candles')
      expect(Number(n?.c)).toBe(5)
    } finally {
      store.close()
    }
  })
})
