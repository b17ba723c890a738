/**
 * The shared Parquet tree without Redis: worker files next to an `export`,
 * compaction, a corrupt file, and the README's way back into DuckDB.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createClient } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kline } from '../src/datasets/declared/candles.ts'
import { openTreeWriter } from '../src/many-machines/tree-writer.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import { backfillArgv, cli, jsonLines, query, rowKey, tempDir } from './helpers.ts'
import { filesPerPartition, treeCandles } from './queue-helpers.ts'

const FROM = Date.UTC(2026, 0, 5)
const TO = Date.UTC(2026, 0, 7)
const tmp = tempDir()
const db = join(tmp.dir, 'market.duckdb')
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 3,
    quiet: true,
    rateLimit: false,
    now: () => Date.UTC(2026, 1, 1),
  })
  const { code } = await cli(
    backfillArgv({
      db,
      baseUrl: sandbox.url,
      symbols: 'BTCUSDT,ETHUSDT',
      steps: '1m,1h',
      from: FROM,
      to: TO,
    }),
  )
  expect(code).toBe(0)
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

/** The archive's candles in the rows `treeCandles` reads. */
async function archiveCandles(file: string): Promise<string[]> {
  const rows = await query(
    file,
    `SELECT dataset, symbol, step, epoch_ms(open_time) AS t, open::VARCHAR AS o, high::VARCHAR AS h,
       low::VARCHAR AS l, close::VARCHAR AS c, volume::VARCHAR AS v FROM candles`,
  )
  return rows.map((r) => rowKey([r.dataset, r.symbol, r.step, r.t, r.o, r.h, r.l, r.c, r.v])).sort()
}

/** Writes, as a worker would, the candles of one symbol and day fetched again. */
async function writeAsWorker(out: string, symbol: string, day: number): Promise<string[]> {
  const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
  const candles = await client.getKlines({
    symbol,
    step: 1,
    startTime: day,
    endTime: day + 499 * 60_000,
  })
  const writer = await openTreeWriter(out)
  try {
    return (await writer.writeCandles(kline, { symbol, step: 1, tag: 'test-job' }, candles)).files
  } finally {
    writer.close()
  }
}

describe('a Parquet tree started from an export, with worker files on top', () => {
  const out = join(tmp.dir, 'tree')

  it('compact removes the candles written twice, and the tree then equals the archive', async () => {
    expect((await cli(['export', '--db', db, '--out', out])).code).toBe(0)
    const files = await writeAsWorker(out, 'BTCUSDT', FROM)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(
      /kline\/symbol=BTCUSDT\/date=2026-01-05\/part-\d{13}-test-job-[0-9a-f]{16}\.parquet$/,
    )
    const expected = await archiveCandles(db)
    const before = await treeCandles(out)
    expect(before.length).toBe(expected.length + 500)

    const status = jsonLines((await cli(['status', '--out', out])).out)
    expect(
      status.find((r) => r.symbol === 'BTCUSDT' && r.dataset === 'kline' && r.step === 1),
    ).toMatchObject({
      duplicates: 500,
      holes: 0,
    })
    const { code, out: printed } = await cli(['compact', '--out', out])
    expect(code).toBe(0)
    expect(jsonLines(printed).at(-1)).toMatchObject({
      event: 'done',
      duplicates: 500,
      quarantined: 0,
    })
    expect(await treeCandles(out)).toEqual(expected)
    expect(filesPerPartition(out).every((n) => n === 1)).toBe(true)
    // Compacting a compacted tree changes nothing.
    expect(jsonLines((await cli(['compact', '--out', out])).out).at(-1)).toMatchObject({
      compacted: 0,
      duplicates: 0,
    })
  })

  it('a truncated file is moved to _quarantine/ and named with its reason (exit code 1); the rest is merged', async () => {
    const [file] = await writeAsWorker(out, 'ETHUSDT', FROM)
    const dir = join(out, 'kline', 'symbol=ETHUSDT', 'date=2026-01-05')
    const bad = join(dir, 'part-0000000000000-broken-0000000000000000.parquet')
    writeFileSync(bad, readFileSync(file as string).subarray(0, 100))
    const { code, err } = await cli(['compact', '--out', out])
    expect(code).toBe(1)
    expect(err).toContain(
      `1 file(s) failed the checks and were moved to ${join(out, '_quarantine')}/`,
    )
    expect(err).toContain(`  ${bad}: unreadable: no Parquet file (it does not end with PAR1)`)
    expect(
      readdirSync(join(out, '_quarantine', 'kline', 'symbol=ETHUSDT', 'date=2026-01-05')),
    ).toEqual(['part-0000000000000-broken-0000000000000000.parquet.corrupt'])
    expect(await treeCandles(out)).toEqual(await archiveCandles(db))
  })

  it("the README's SQL brings the tree back into a DuckDB archive (twice adds nothing), and backfill then fetches nothing", async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('### From one DuckDB file to the tree, and back'))
    const sql = /```sql\n([\s\S]*?)```/.exec(section)?.[1]?.replaceAll('/mnt/market', out)
    expect(sql).toContain('INSERT INTO candles')
    const imported = join(tmp.dir, 'imported.duckdb')
    const store = await openStore(imported)
    await store.run(sql as string)
    await store.run(sql as string) // twice: what is stored already is skipped, not doubled
    store.close()
    expect(await archiveCandles(imported)).toEqual(await archiveCandles(db))
    const again = await cli(
      backfillArgv({
        db: imported,
        baseUrl: sandbox.url,
        symbols: 'BTCUSDT,ETHUSDT',
        steps: '1m,1h',
        from: FROM,
        to: TO,
      }),
    )
    expect(jsonLines(again.out).at(-1)).toMatchObject({ event: 'done', windows: 0 })
  })
})
