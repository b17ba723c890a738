import { writeFileSync } from 'node:fs'
import { startSandbox } from '../../sandbox/src/index.ts'

const out: Record<string, string> = {}
async function get(opts: object, path: string) {
  const s = await startSandbox(opts)
  const r = await fetch(s.url + path, { headers: { 'accept-encoding': 'identity' } })
  const t = await r.text()
  await s.close()
  return t
}
out.depth100 = await get({ depthLevels: 100 }, '/contract/public/depth?symbol=BTCUSDT')
out.depth1000 = await get({ depthLevels: 1000 }, '/contract/public/depth?symbol=BTCUSDT')
const now = Date.now()
const end = Math.floor(now / 60000) * 60 - 60
out.kline500 = await get(
  {},
  `/contract/public/kline?symbol=BTCUSDT&step=1&start_time=${end - 499 * 60}&end_time=${end}`,
)
out.details300 = await get({ contracts: 300 }, '/contract/public/details')
out.detailsLive = await get({ contracts: 'live' }, '/contract/public/details')
out.funding100 = await get({}, '/contract/public/funding-rate-history?symbol=BTCUSDT&limit=100')
out.trades100 = await get({}, '/contract/public/market-trade?symbol=BTCUSDT&limit=100')
for (const [k, v] of Object.entries(out)) {
  const d = JSON.parse(v).data
  console.log(k, v.length, Array.isArray(d) ? d.length : Object.keys(d), v.slice(0, 300))
}
writeFileSync('/tmp/perf/payloads.json', JSON.stringify(out))
