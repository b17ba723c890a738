import { readFileSync } from 'node:fs'
import { decodeData, endpoints } from '../src/index.ts'

const p = JSON.parse(readFileSync('/tmp/perf/payloads.json', 'utf8'))
const cases: [string, string][] = [
  ['depth100', '/contract/public/depth'],
  ['depth1000', '/contract/public/depth'],
  ['kline500', '/contract/public/kline'],
  ['details300', '/contract/public/details'],
  ['detailsLive', '/contract/public/details'],
  ['funding100', '/contract/public/funding-rate-history'],
  ['trades100', '/contract/public/market-trade'],
]
const only = process.argv[2]
for (const [k, path] of cases) {
  if (only && k !== only) continue
  const text = p[k]
  const ep = (endpoints as any)[path]
  const r = decodeData(ep, JSON.parse(text).data)
  if (!r.success) throw new Error(k + JSON.stringify(r.issues))
  const n = Math.max(20, Math.min(2000, Math.floor(4e6 / text.length)))
  const m = n * 3, tp: number[] = [], td: number[] = []
  for (let i = 0; i < m; i++) {
    const t0 = performance.now(); const x = JSON.parse(text).data; const t1 = performance.now()
    decodeData(ep, x); const t2 = performance.now()
    if (i > m / 5) { tp.push(t1 - t0); td.push(t2 - t1) }
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]
  console.log(k.padEnd(12), (med(td) / med(tp)).toFixed(3), med(tp).toFixed(3))
}
