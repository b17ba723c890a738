// network-free: node --cpu-prof --import tsx /tmp/dec/nf.ts <perpkit|ky> <payload index> <calls>
import { readFileSync } from 'node:fs'
import { createClient } from '../../src/index.ts'
import { resolveOptions } from '../../src/options.ts'
import { createTransport, kyFetch } from '../../src/transport.ts'

const [who, idx, n] = process.argv.slice(2)
const index = JSON.parse(readFileSync('/tmp/dec/index.json', 'utf8'))
const p = index[Number(idx)]
const bytes = new Uint8Array(readFileSync(p.file))
const headers = { 'content-type': 'application/json', 'content-length': String(bytes.length) }
const fakeFetch = async () => new Response(bytes, { status: 200, headers })
const base = 'http://127.0.0.1:1'
const client = createClient({ baseUrl: base, rateLimit: false, fetch: fakeFetch }) as any
const transport = createTransport(
  resolveOptions({ baseUrl: base, rateLimit: false, fetch: fakeFetch }),
)
const params: Record<string, any> = {
  '/contract/public/depth': ['getDepth', { symbol: 'BTCUSDT' }],
  '/contract/public/kline': [
    'getKlines',
    { symbol: 'BTCUSDT', step: 1, startTime: 1795851300000, endTime: 1795851300000 + 499 * 60000 },
  ],
  '/contract/public/details': ['getContracts', {}],
  '/contract/public/funding-rate-history': [
    'getFundingRateHistory',
    { symbol: 'BTCUSDT', limit: 100 },
  ],
  '/contract/public/market-trade': ['getTrades', { symbol: 'BTCUSDT', limit: 100 }],
}
const [method, args] = params[p.path]
const hop = { url: base + p.path, method: 'GET', query: '' }
const fns: Record<string, () => Promise<unknown>> = {
  perpkit: () => client[method](args),
  ky: async () => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 10_000)
    try {
      return JSON.parse(await (await kyFetch(transport, hop, undefined, controller.signal)).text())
    } finally {
      clearTimeout(timer)
    }
  },
}
const fn = fns[who]!
const calls = Number(n ?? 2000)
for (let i = 0; i < 300; i++) await fn()
const c0 = process.cpuUsage()
for (let i = 0; i < calls; i++) await fn()
const c = process.cpuUsage(c0)
console.log(who, p.name, ((c.user + c.system) / calls).toFixed(1), 'us cpu/call')
