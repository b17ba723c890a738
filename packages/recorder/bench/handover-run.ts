/**
 * One fresh process of the hand-over benchmark (handover.ts): on an archive
 * of `rows` trades, ten hand-overs as a running recorder makes them when a
 * reader waits: a round's write, closing the file (DuckDB checkpoints), and
 * opening it again in its next turn. Prints the CPU ms and the bytes written
 * of each part, as JSON.
 */
import { readFileSync } from 'node:fs'
import { DuckDBInstance } from '@duckdb/node-api'

const [file, first] = process.argv.slice(2)
if (file === undefined || first === undefined)
  throw new Error('usage: handover-run.ts <file> <first>')
const HANDOVERS = 10
const written = () => Number(/write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1])
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
let next = Number(first)
const totals = { open: 0, write: 0, close: 0, closeBytes: 0 }
for (let i = 0; i < HANDOVERS; i++) {
  let t = cpu()
  const instance = await DuckDBInstance.create(file, { memory_limit: '64MB' })
  const conn = await instance.connect()
  totals.open += cpu() - t
  t = cpu()
  // A round of 3 busy symbols: about 100 new trades.
  await conn.run(`INSERT INTO trades SELECT 'S' || (i % 3), make_timestamp_ms(1767225600000 + i * 100),
    (60000 + i % 1000)::DECIMAL(38,18), (i % 7 + 1)::DECIMAL(38,18), (i % 13 + 1)::DECIMAL(38,18),
    i % 2 = 0, 0 FROM range(${next}, ${next + 100}) t(i)`)
  next += 100
  totals.write += cpu() - t
  t = cpu()
  const bytes = written()
  conn.closeSync()
  instance.closeSync()
  totals.close += cpu() - t
  totals.closeBytes += written() - bytes
}
console.log(
  JSON.stringify({
    open: totals.open / HANDOVERS,
    write: totals.write / HANDOVERS,
    close: totals.close / HANDOVERS,
    closeBytes: totals.closeBytes / HANDOVERS,
  }),
)
