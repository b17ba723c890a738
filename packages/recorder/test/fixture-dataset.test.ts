/**
 * Adding a dataset is one declaration: a fixture declares a new one (contract
 * prices, from the details endpoint's catalog) in this file alone, and the
 * recorder's machinery creates its table, records it, shows it in status,
 * exports it and compacts it in the tree, with no other file touched.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createClient } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalDecimal } from '../src/datasets/columns.ts'
import { datasets } from '../src/datasets/declared/index.ts'
import { defineRecords } from '../src/datasets/define.ts'
import { compactTree } from '../src/many-machines/compact.ts'
import { readTreeStatus } from '../src/many-machines/tree-status.ts'
import { openTreeWriter } from '../src/many-machines/tree-writer.ts'
import { readStatus } from '../src/one-machine/archive-status.ts'
import { exportArchive } from '../src/one-machine/export-archive.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import { runRound } from '../src/one-machine/record-round.ts'
import { snapshotTasks } from '../src/one-machine/record-tasks.ts'
import { datasetLayout } from '../src/parquet/layout.ts'
import { tempDir } from './helpers.ts'
import { readParquet } from './parquet-reader.ts'

/** The fixture: last and index price of each recorded contract, every snapshot interval. */
const contractPrices = defineRecords('/contract/public/details', {
  kind: 'snapshots',
  name: 'contract-prices',
  table: 'contract_prices',
  columns: { recorded_at: 'time', last_price: 'decimal', index_price: 'decimal' },
  key: ['recorded_at'],
  time: 'recorded_at',
  scope: 'catalog',
  request: (client, method) => client[method](),
  rows: (contracts, { now, symbols }) =>
    contracts
      .filter((c) => symbols.includes(c.symbol))
      .map((c) => ({
        symbol: c.symbol,
        recorded_at: now,
        last_price: c.lastPrice,
        index_price: c.indexPrice,
      })),
})

const NOW = Date.UTC(2026, 0, 10, 12)
const SYMBOLS = ['BTCUSDT', 'ETHUSDT']
const tmp = tempDir()
let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 4, quiet: true, rateLimit: false, now: () => NOW })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

describe('a dataset declared in a fixture', () => {
  it('is created, recorded, shown in status, exported and compacted by the same machinery', async () => {
    const all = [...datasets, contractPrices]
    const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
    const served = (await client.getContracts()).filter((c) => SYMBOLS.includes(c.symbol))
    const store = await openStore(join(tmp.dir, 'archive.duckdb'), { datasets: all })
    const out = join(tmp.dir, 'tree')
    try {
      // Created: its table follows the declaration.
      const [table] = await store.all(
        "SELECT list(column_name ORDER BY column_index) AS c FROM duckdb_columns() WHERE table_name = 'contract_prices'",
      )
      expect(table?.c).toEqual(['symbol', 'recorded_at', 'last_price', 'index_price'])

      // Recorded: its task comes from the declaration, one catalog request a snapshot round.
      const tasks = snapshotTasks({
        client,
        symbols: SYMBOLS,
        depthLevels: 20,
        now: NOW,
        datasets: [contractPrices],
      })
      expect(tasks.map((t) => [t.dataset, t.symbol])).toEqual([['contract-prices', '*']])
      const failures: unknown[] = []
      await runRound(store, tasks, { written: () => {}, failed: (_, e) => failures.push(e) })
      expect(failures).toEqual([])
      const rows = await store.all(
        'SELECT symbol, last_price::VARCHAR AS p FROM contract_prices ORDER BY symbol',
      )
      expect(rows.map((r) => r.symbol)).toEqual(SYMBOLS)

      // Shown in status.
      const status = (await readStatus(store)).filter((r) => r.dataset === 'contract-prices')
      expect(status.map((r) => [r.symbol, r.rows, r.first])).toEqual(
        SYMBOLS.map((s) => [s, 1, new Date(NOW).toISOString()]),
      )

      // Exported: a root of its own.
      const exported: string[] = []
      await exportArchive(store, out, 'parquet', (root) => exported.push(root.dataset))
      expect(exported).toEqual(['contract-prices'])
      expect(readdirSync(join(out, 'contract-prices')).sort()).toEqual(
        SYMBOLS.map((s) => `symbol=${s}`),
      )
    } finally {
      store.close()
    }

    // Compacted: a worker writes the same snapshot again; compaction keeps one per key.
    const writer = await openTreeWriter(out, () => NOW)
    try {
      const again = contractPrices.encode(await client.getContracts(), {
        symbol: undefined,
        symbols: SYMBOLS,
        now: NOW,
        depthLevels: 20,
      })
      for (const symbol of SYMBOLS)
        await writer.writeRows(
          datasetLayout(contractPrices),
          { symbol, tag: 'again' },
          again.filter((r) => r.symbol === symbol),
        )
    } finally {
      writer.close()
    }
    const before = await readTreeStatus(out, [contractPrices])
    expect(before.map((r) => [r.dataset, r.symbol, r.rows, r.duplicates, r.files])).toEqual(
      SYMBOLS.map((s) => ['contract-prices', s, 1, 1, 2]),
    )
    const summary = await compactTree(out, { now: NOW, datasets: [contractPrices] })
    expect(summary).toMatchObject({ compacted: 2, duplicates: 2, quarantined: 0 })
    const after = await readTreeStatus(out, [contractPrices])
    expect(after.map((r) => [r.symbol, r.rows, r.duplicates, r.files])).toEqual(
      SYMBOLS.map((s) => [s, 1, 0, 1]),
    )
    const dir = join(out, 'contract-prices', 'symbol=BTCUSDT', 'date=2026-01-10')
    const [file] = readdirSync(dir)
    const read = await readParquet(join(dir, file as string))
    const btc = served.find((c) => c.symbol === 'BTCUSDT')
    const exact = (v: unknown) => canonicalDecimal(String(v))
    expect(
      read.rows.map((r) => [r.recorded_at, exact(r.last_price), exact(r.index_price)]),
    ).toEqual([[NOW, exact(btc?.lastPrice), exact(btc?.indexPrice)]])
  })
})
