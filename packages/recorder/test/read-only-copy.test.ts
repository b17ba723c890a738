/**
 * `status` and `export` on a read-only copy: the file and its directory
 * read-only to the user running them (when the tests run as root, whom
 * permissions do not stop, root without the capability to override them). They open it read-only, spill and
 * announce nothing next to it, and leave it as it was.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../src/one-machine/open-store.ts'
import { finished, jsonLines, spawnCliAsReader, tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => {
  chmodSync(join(tmp.dir, 'read-only'), 0o755)
  tmp.cleanup()
})

describe('a read-only copy', () => {
  it('status and export read it without writing anything next to it', async () => {
    const original = join(tmp.dir, 'original.duckdb')
    const store = await openStore(original)
    await store.run(
      "INSERT INTO funding_history (symbol, funding_time, funding_rate) VALUES ('BTCUSDT', epoch_ms(1767225600000), 0.0001), ('BTCUSDT', epoch_ms(1767254400000), -0.00005)",
    )
    store.close()
    const dir = join(tmp.dir, 'read-only')
    mkdirSync(dir)
    const copy = join(dir, 'copy.duckdb')
    copyFileSync(original, copy)
    chmodSync(copy, 0o444)
    chmodSync(dir, 0o555)
    const out = join(tmp.dir, 'out')
    mkdirSync(out)
    chmodSync(out, 0o777)
    const before = statSync(copy)

    const status = await finished(spawnCliAsReader(['status', '--db', copy, '--json']))
    expect(status.err).toBe('')
    expect(status.code).toBe(0)
    expect(jsonLines(status.out)).toEqual([
      expect.objectContaining({ dataset: 'funding-rate-history', symbol: 'BTCUSDT', rows: 2 }),
    ])

    const exported = await finished(
      spawnCliAsReader(['export', '--db', copy, '--out', join(out, 'parquet')]),
    )
    expect(exported.err).toBe('')
    expect(exported.code).toBe(0)
    expect(jsonLines(exported.out)).toContainEqual({
      event: 'exported',
      dataset: 'funding-rate-history',
      rows: 2,
    })
    expect(existsSync(join(out, 'parquet', 'funding-rate-history'))).toBe(true)

    expect(readdirSync(dir)).toEqual(['copy.duckdb'])
    const after = statSync(copy)
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs])
  })
})
